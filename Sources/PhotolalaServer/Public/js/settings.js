/**
 * Display settings (seed 002's ThumbnailDisplaySettings plus sorting, grouping, the inspector,
 * the "not backed up yet" filter and file names under the cells),
 * remembered per tab in sessionStorage: a reload keeps them, another tab has its own.
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
});

const ALLOWED = {
  size: Object.keys(THUMBNAIL_SIZES),
  fit: ['fit', 'fill'],
  sort: ['date-asc', 'date-desc', 'name-asc', 'name-desc'],
  group: ['none', 'day', 'month'],
  inspector: [true, false],
  filter: ['all', 'notBackedUp'],
  names: [true, false],
};

const KEY = 'photolala.display';

/** The tab's settings, with change notification. */
export class Settings {
  #values;
  #listeners = new Set();

  constructor(storage = sessionStorage) {
    this.storage = storage;
    this.#values = { ...DEFAULTS, ...this.#load() };
  }

  get(name) {
    return this.#values[name];
  }

  /** Applies `patch` (ignoring unknown names and values), saves, and tells listeners what changed. */
  set(patch) {
    const changed = {};
    for (const [name, value] of Object.entries(patch)) {
      if (ALLOWED[name]?.includes(value) && this.#values[name] !== value) changed[name] = value;
    }
    if (Object.keys(changed).length === 0) return;
    Object.assign(this.#values, changed);
    try {
      this.storage.setItem(KEY, JSON.stringify(this.#values));
    } catch {
      // Storage full or disabled: the settings still apply to this page.
    }
    for (const listener of this.#listeners) listener(changed, this);
  }

  onChange(listener) {
    this.#listeners.add(listener);
  }

  #load() {
    try {
      const saved = JSON.parse(this.storage.getItem(KEY) ?? '{}');
      return Object.fromEntries(Object.entries(saved).filter(([name, value]) => ALLOWED[name]?.includes(value)));
    } catch {
      return {};
    }
  }
}
