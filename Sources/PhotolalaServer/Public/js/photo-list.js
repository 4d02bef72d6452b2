/**
 * The photos of the open folder in display order. Items arrive in batches while the server lists
 * the folder and change live afterwards, so new items are sorted on their own and merged in
 * (linear) rather than re-sorting 100,000 items for every batch.
 */

import { clockSeconds, dayKey } from './format.js';

/** The row layout the server uses when it does not say otherwise. */
export const DEFAULT_FIELDS = ['id', 'name', 'date', 'size', 'width', 'height', 'version'];

/**
 * Turns the server's compact rows into items, reading columns by the `fields` header.
 */
export function itemsFromRows(rows, fields = DEFAULT_FIELDS) {
  const at = (name) => fields.indexOf(name);
  const [id, name, date, size, width, height, version, dateSource, offset, kind, duration, companions] = [...DEFAULT_FIELDS, 'dateSource', 'offset', 'kind', 'duration', 'companions'].map(at);
  return rows.map((row) => {
    const seconds = row[date] ?? null;
    const source = row[dateSource] ?? null;
    const zone = row[offset] ?? null;
    const item = new PhotoItem(String(row[id]), row[name] ?? '', seconds, source, zone, row[size] ?? null, row[width] ?? null, row[height] ?? null, row[version] ?? null);
    if (zone != null) item.offset = zone;
    if (row[kind] != null && row[kind] !== 'photo') item.kind = row[kind];
    if (row[duration] != null) item.duration = row[duration];
    if (row[companions]) item.companions = row[companions].map(([fileId, fileName, role, fileSize, fileVersion]) => ({ id: String(fileId), name: fileName, role, size: fileSize ?? null, version: fileVersion ?? null }));
    return item;
  });
}

/**
 * One listed photo. A folder of 100,000 photos holds 100,000 of these, so each field costs the
 * page 0.4 MB and each number that is no small integer (31 bits in V8) 1.2 MB more: what most
 * photos share (no recorded offset, a photo, no duration, no companions) is the prototype's and
 * becomes the item's own only where it differs, the date is kept as seconds from 2015 (a small
 * integer from 1981 to 2049, where Unix seconds have not been one since 2004) and the clock time
 * as its distance from the date.
 *
 * `version` changes when the photo's file does (null for photos addressed by their content).
 * `clock` is the photo's clock time read in UTC (see `clockSeconds`), which sorting and grouping
 * use, so a photo sorts and groups by the time its camera showed in every browser time zone;
 * null for an undated photo.
 */
class PhotoItem {
  constructor(id, name, date, dateSource, offset, size, width, height, version) {
    const clock = clockSeconds(date, offset, dateSource);
    this.id = id;
    this.name = name;
    this.dateFrom2015 = date == null ? null : smallIfWhole(date - SECONDS_2015);
    this.dateSource = dateSource;
    this.clockShift = clock == null ? null : smallIfWhole(clock - date); // a zone's offset, or none
    this.size = size;
    this.width = width;
    this.height = height;
    this.version = version;
    this.day = dayKey(clock); // cached: grouping 100,000 items must not build 100,000 Dates per layout
    this.nameKey = null; // made on first use: date order only needs it for ties
    this.order = 0; // the place in the source's order, set by the list
  }

  /** The date in Unix seconds, null when the source knows none. */
  get date() {
    return this.dateFrom2015 == null ? null : this.dateFrom2015 + SECONDS_2015;
  }

  get clock() {
    return this.clockShift == null ? null : this.dateFrom2015 + this.clockShift + SECONDS_2015;
  }
}

/** 2015-01-01T00:00:00Z in Unix seconds. */
const SECONDS_2015 = 1_420_070_400;

/**
 * `value` as V8's small integer where it is a whole number in range: arithmetic on numbers that
 * were not small gives a boxed number even when the result is small, and one boxed value in a
 * field makes V8 box that field in every item.
 */
function smallIfWhole(value) {
  return (value | 0) === value ? value | 0 : value;
}

Object.assign(PhotoItem.prototype, {
  offset: null, // the zone's offset the camera recorded, in seconds
  kind: 'photo', // 'video' plays in the preview and wears its duration in the grid
  duration: null,
  companions: Object.freeze([]), // the files shown as part of this item: a RAW beside the JPEG shown, a Live Photo's movie
});

/** The movie of a Live Photo item, or undefined. */
export function liveMotion(item) {
  return item?.companions.find((file) => file.role === 'live');
}

/** Whether an item is shown for a RAW+JPEG pair. */
export function hasRaw(item) {
  return item?.companions.some((file) => file.role === 'raw') ?? false;
}

/**
 * The key of one version of a photo of a folder, under which the page caches its thumbnail and
 * metadata: a photo changed on disk gets a new key, so nothing shows its old content.
 */
export function itemKey(source, folder, item) {
  return item.version == null ? `${source}/${folder}/${item.id}` : `${source}/${folder}/${item.id}@${item.version}`;
}

/**
 * A name's sort key: case folded, with numbers padded so that "IMG_2" sorts before "IMG_10".
 * Comparing keys with `<` is many times faster than a collator, which matters for the first
 * sort of 100,000 names.
 */
function nameKey(name) {
  return name.toLowerCase().replace(/\d+/g, (digits) => digits.padStart(12, '0'));
}

const byName = (a, b) => {
  const left = (a.nameKey ??= nameKey(a.name));
  const right = (b.nameKey ??= nameKey(b.name));
  return left < right ? -1 : left > right ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

const COMPARATORS = {
  source: (a, b) => a.order - b.order, // the order the source listed them in
  // Undated photos (clock null) come last oldest first, first newest first.
  'date-asc': (a, b) => (a.clock ?? Infinity) - (b.clock ?? Infinity) || byName(a, b),
  'date-desc': (a, b) => (b.clock ?? Infinity) - (a.clock ?? Infinity) || byName(b, a),
  'name-asc': byName,
  'name-desc': (a, b) => byName(b, a),
};

/**
 * An ordered, id-indexed list of photos, optionally filtered: `items`, `length`, `at`, `has` and
 * `indexOf` see only the photos the filter keeps; `get` finds any listed photo.
 */
export class PhotoList {
  #all = [];
  #items = [];
  #byId = new Map();
  #compare;
  #filter = null;
  #nextOrder = 0;

  /** - sort: `date-asc`, `date-desc`, `name-asc`, `name-desc`, or `source` (as listed). */
  constructor(sort = 'date-asc') {
    this.sort = sort;
    this.#compare = COMPARATORS[sort];
  }

  get length() {
    return this.#items.length;
  }

  /** The item at display position `index`. */
  at(index) {
    return this.#items[index];
  }

  get(id) {
    return this.#byId.get(id);
  }

  has(id) {
    const item = this.#byId.get(id);
    return item != null && this.#keeps(item);
  }

  /** How many photos are listed, the filtered-out ones included. */
  get totalLength() {
    return this.#all.length;
  }

  /** Shows only the photos `keep(item)` accepts; `null` shows all. */
  setFilter(keep) {
    this.#filter = keep;
    this.refilter();
  }

  get isFiltered() {
    return this.#filter != null;
  }

  /** Applies the filter again, after what it looks at changed. */
  refilter() {
    this.#items = this.#filter ? this.#all.filter(this.#filter) : this.#all;
  }

  #keeps(item) {
    return this.#filter == null || this.#filter(item);
  }

  /**
   * The display position of `id`, or -1. A binary search in the sorted list: the comparators
   * order every pair of items (ties fall back to the id), and no index of 100,000 ids has to be
   * rebuilt after each change.
   */
  indexOf(id) {
    const item = this.#byId.get(id);
    if (!item || !this.#keeps(item)) return -1;
    let low = 0;
    let high = this.#items.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const order = this.#compare(this.#items[middle], item);
      if (order === 0) return middle;
      if (order < 0) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  /** Every item the filter keeps, in display order (the list's own array: do not modify). */
  get items() {
    return this.#items;
  }

  /** Whether the order is by date, so that month markers make sense. */
  get isByDate() {
    return this.sort.startsWith('date');
  }

  setSort(sort) {
    if (sort === this.sort || !COMPARATORS[sort]) return;
    this.sort = sort;
    this.#compare = COMPARATORS[sort];
    this.#all.sort(this.#compare);
    this.refilter();
  }

  /**
   * Adds items, replacing those whose id is already listed (an update may move an item). A
   * listing brings new ids, once each, in the server's order, which is date order: then the
   * batch is indexed in one pass and its sort only confirms the order, so the first 100,000
   * photos are in place in a few tens of milliseconds.
   */
  upsert(items) {
    if (items.length === 0) return;
    let replaced = null;
    for (const item of items) {
      const listed = this.#byId.get(item.id);
      if (listed != null) (replaced ??= new Set()).add(item.id);
      item.order = listed?.order ?? this.#nextOrder++; // a changed photo keeps its place in the source's order
      this.#byId.set(item.id, item);
    }
    // With an id twice in the batch, the last one counts: it is the one indexed.
    const fresh = replaced ? items.filter((item) => this.#byId.get(item.id) === item) : items.slice();
    const kept = replaced ? this.#all.filter((item) => !replaced.has(item.id)) : this.#all;
    this.#all = merge(kept, fresh.sort(this.#compare), this.#compare);
    this.refilter();
  }

  /**
   * Puts the listed items in the source's order `ids`, as a new listing gives it (an album
   * reordered); those it does not name follow as they were.
   */
  setSourceOrder(ids) {
    const before = [...this.#byId.values()].sort((a, b) => a.order - b.order);
    const placed = new Set();
    let next = 0;
    for (const id of ids) {
      const item = this.#byId.get(id);
      if (item == null || placed.has(id)) continue;
      placed.add(id);
      item.order = next++;
    }
    for (const item of before) if (!placed.has(item.id)) item.order = next++;
    this.#nextOrder = next;
    this.#all.sort(this.#compare);
    this.refilter();
  }

  /** Removes the items with these ids; unknown ids are ignored. Returns how many went. */
  remove(ids) {
    const gone = new Set(ids.filter((id) => this.#byId.has(id)));
    if (gone.size === 0) return 0;
    this.#all = this.#all.filter((item) => !gone.has(item.id));
    for (const id of gone) this.#byId.delete(id);
    this.refilter();
    return gone.size;
  }
}

/** Merges two sorted arrays into a new sorted array. */
function merge(left, right, compare) {
  if (right.length === 0) return left;
  if (left.length === 0) return right;
  const out = new Array(left.length + right.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < left.length && j < right.length) out[k++] = compare(right[j], left[i]) < 0 ? right[j++] : left[i++];
  while (i < left.length) out[k++] = left[i++];
  while (j < right.length) out[k++] = right[j++];
  return out;
}
