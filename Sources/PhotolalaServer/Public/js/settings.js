/**
 * Display settings (seed 002's ThumbnailDisplaySettings plus sorting, grouping, the inspector,
 * the "not backed up yet" filter and file names under the cells),
 * remembered per tab in sessionStorage: a reload keeps them, another tab has its own. The map's
 * tile server (its URL and attribution) is set once for every tab, in localStorage.
 */

/** Cell edge in CSS pixels for each thumbnail size. */
export const THUMBNAIL_SIZES = { small: 64, medium: 128, large: 256 };

const DEFAULTS = Object.freeze({
  size: 'medium', // small | medium | large
  fit: 'fill', // fit (scale to fit, contain) | fill (scale to fill, cover)
  sort: 'date-asc', // date-asc | date-desc | name-asc | name-desc
  group: 'none', // none | day | month
  inspector: false,
  filter: 'all', // all | notBackedUp
  names: false, // file names under the grid's cells
  tileUrl: '', // the map's tile server, `https://…/{z}/{x}/{y}.png`; empty: the offline basemap
  tileAttribution: '', // what the tile server asks to be credited with, as plain text
});

/** The longest tile URL or attribution kept: far more than any needs. */
const MAX_TEXT = 500;

/**
 * Whether `value` is a tile server's URL template Leaflet can load: http or https, with `{z}`,
 * `{x}` and `{y}` in it; or empty, for the offline basemap.
 */
export function isTileUrl(value) {
  if (value === '') return true;
  if (typeof value !== 'string' || value.length > MAX_TEXT || !/^https?:\/\/[^\s/]+/i.test(value)) return false;
  return ['{z}', '{x}', '{y}'].every((placeholder) => value.includes(placeholder));
}

const ALLOWED = {
  size: Object.keys(THUMBNAIL_SIZES),
  fit: ['fit', 'fill'],
  sort: ['date-asc', 'date-desc', 'name-asc', 'name-desc'],
  group: ['none', 'day', 'month'],
  inspector: [true, false],
  filter: ['all', 'notBackedUp'],
  names: [true, false],
  tileUrl: isTileUrl,
  tileAttribution: (value) => typeof value === 'string' && value.length <= MAX_TEXT,
};

/** The settings kept for every tab and after a restart, not for this tab only: a tile server is set once. */
const LASTING = new Set(['tileUrl', 'tileAttribution']);

const KEY = 'photolala.display';
const LASTING_KEY = 'photolala.settings';

/** Whether `value` is one `name` can take: one of its list, or one its rule accepts. */
function allowed(name, value) {
  const rule = ALLOWED[name];
  return typeof rule === 'function' ? rule(value) : (rule?.includes(value) ?? false);
}

/** The tab's settings, with change notification. */
export class Settings {
  #values;
  #listeners = new Set();

  constructor(storage = sessionStorage, lasting = localStorage) {
    this.storage = storage;
    this.lasting = lasting;
    this.#values = { ...DEFAULTS, ...this.#load(storage, KEY, false), ...this.#load(lasting, LASTING_KEY, true) };
  }

  get(name) {
    return this.#values[name];
  }

  /** Applies `patch` (ignoring unknown names and values), saves, and tells listeners what changed. */
  set(patch) {
    const changed = {};
    for (const [name, value] of Object.entries(patch)) {
      if (allowed(name, value) && this.#values[name] !== value) changed[name] = value;
    }
    if (Object.keys(changed).length === 0) return;
    Object.assign(this.#values, changed);
    const entries = Object.entries(this.#values);
    try {
      this.storage.setItem(KEY, JSON.stringify(Object.fromEntries(entries.filter(([name]) => !LASTING.has(name)))));
      if (Object.keys(changed).some((name) => LASTING.has(name))) {
        this.lasting.setItem(LASTING_KEY, JSON.stringify(Object.fromEntries(entries.filter(([name]) => LASTING.has(name)))));
      }
    } catch {
      // Storage full or disabled: the settings still apply to this page.
    }
    for (const listener of this.#listeners) listener(changed, this);
  }

  onChange(listener) {
    this.#listeners.add(listener);
  }

  /** The settings saved under `key` in `storage`: the lasting ones or the others, each one it can take. */
  #load(storage, key, lasting) {
    try {
      const saved = JSON.parse(storage.getItem(key) ?? '{}');
      return Object.fromEntries(Object.entries(saved).filter(([name, value]) => LASTING.has(name) === lasting && allowed(name, value)));
    } catch {
      return {};
    }
  }
}
