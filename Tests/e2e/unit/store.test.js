import { Store } from '../js/store.js';
import { equal, test } from './harness.js';

test('set tells subscribers the keys whose value changed, and only those', () => {
  const store = new Store({ a: 1, b: 2 });
  const calls = [];
  store.subscribe((state, keys) => calls.push([state.a, state.b, [...keys]]));
  store.set({ a: 1, b: 3 });
  store.set({ a: 1 });
  equal(calls, [[1, 3, ['b']]]);
  equal(store.state, { a: 1, b: 3 });
});

test('changed tells subscribers of a value changed in place', () => {
  const store = new Store({ list: [] });
  const seen = [];
  store.subscribe((state, keys) => seen.push([state.list.length, [...keys]]));
  store.state.list.push('photo');
  store.changed('list');
  equal(seen, [[1, ['list']]]);
});

test('a subscriber that unsubscribed hears nothing more', () => {
  const store = new Store({ a: 0 });
  let heard = 0;
  const stop = store.subscribe(() => (heard += 1));
  store.set({ a: 1 });
  stop();
  store.set({ a: 2 });
  equal(heard, 1);
});

test('a subscriber reads the state with the whole patch applied', () => {
  const store = new Store({ source: null, folder: null });
  const seen = [];
  store.subscribe((state) => seen.push(`${state.source}/${state.folder}`));
  store.set({ source: 'local-0', folder: '~' });
  equal(seen, ['local-0/~']);
});
