import { isTileUrl, Settings } from '../js/settings.js';
import { assert, equal, test } from './harness.js';

/** A Storage kept in memory. */
function memory(entries = {}) {
  const values = new Map(Object.entries(entries));
  return { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => values.set(key, String(value)), values };
}

test('a tile server is an http or https address with {z}, {x} and {y}, or nothing', () => {
  assert(isTileUrl(''));
  assert(isTileUrl('https://tiles.example.org/{z}/{x}/{y}.png'));
  assert(isTileUrl('http://{s}.tiles.example.org/{z}/{x}/{y}@2x.png?key=abc'));
  for (const url of ['ftp://tiles.example.org/{z}/{x}/{y}.png', 'https://tiles.example.org/{z}/{x}.png', 'javascript:alert(1)//{z}{x}{y}', '//tiles/{z}/{x}/{y}', 42]) {
    assert(!isTileUrl(url), `${url} is no tile server`);
  }
});

test('the tile server is kept for every tab; the display settings for this tab only', () => {
  const [tab, lasting] = [memory(), memory()];
  const settings = new Settings(tab, lasting);
  settings.set({ size: 'large', tileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png', tileAttribution: '© Tiles' });
  equal(JSON.parse(lasting.values.get('photolala.settings')), { tileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png', tileAttribution: '© Tiles' });
  equal(JSON.parse(tab.values.get('photolala.display')).tileUrl, undefined);
  const another = new Settings(memory(), lasting);
  equal(another.get('tileUrl'), 'https://tiles.example.org/{z}/{x}/{y}.png');
  equal(another.get('size'), 'medium', 'another tab has its own display settings');
  settings.set({ tileUrl: 'ftp://nope/{z}/{x}/{y}' });
  equal(settings.get('tileUrl'), 'https://tiles.example.org/{z}/{x}/{y}.png', 'a bad address is ignored');
});

test('a lasting setting saved by hand that is no longer valid is not read', () => {
  const lasting = memory({ 'photolala.settings': JSON.stringify({ tileUrl: 'ftp://x/{z}/{x}/{y}', tileAttribution: 7, size: 'large' }) });
  const settings = new Settings(memory(), lasting);
  equal([settings.get('tileUrl'), settings.get('tileAttribution'), settings.get('size')], ['', '', 'medium']);
});
