/**
 * One open folder: its description (breadcrumb, subfolders) and its photos. The photos are listed
 * progressively (seed 002): a first screenful at once (the server lists in date order), then all
 * the server has so far, a page at a time, and the rest from where that ended after each
 * `listing` event (or every 300 ms) until the listing is complete.
 * Where the server can read the top of the grid's order ahead of its listing (an Apple Photos
 * library of a million assets takes seconds to list), that comes first, beside the listing.
 * Afterwards `change` events keep the list live, and `folder` events the subfolders. Closing
 * aborts whatever is in flight.
 */

import { DEFAULT_FIELDS, itemsFromRows } from './photo-list.js';

const POLL_MS = 300;
const MIN_FETCH_INTERVAL_MS = 120;

export class FolderSession {
  /** Photos asked for first: a screenful of the smallest cells, read long before 100,000 are. */
  static FIRST_PAGE = 500;
  /**
   * Photos asked for in each later request: 50,000 rows are about 3 MB of JSON, read in tens of
   * milliseconds, where a million at once would be 67 MB parsed in one go.
   */
  static PAGE = 50_000;

  #controller = new AbortController();
  #info = null;
  #reopening = false;
  #fields = DEFAULT_FIELDS;
  #offset = 0;
  #complete = false;
  #wake = null;
  /** Ids shown from the head of the order that the listing has not brought yet. */
  #headIds = new Set();
  #api;
  #callbacks;

  /**
   * - api: the server's API (api.js).
   * - source, folder: what to open.
   * - list: the PhotoList to fill.
   * - onFolder(folder): the folder's `{id, name, breadcrumb, folders}` arrived.
   * - onStale(items): these listed items changed (another version) or went: what was loaded for
   *   them is out of date.
   * - onItems({live}): the list changed (`live` for changes on disk rather than listing).
   * - onProgress({count, complete}): listing progress.
   * - onError(error): the folder or its photos could not be read (an ApiError).
   * - firstScreenShown(): resolves once the first page is on screen with its thumbnails (or
   *   has waited long enough for them); the rest of a big listing is asked for only then, as
   *   reading 100,000 rows holds the page's thread for a tenth of a second or more, which would
   *   otherwise come between the first screen and its thumbnails.
   */
  constructor({ api, source, folder, list, onFolder, onStale, onItems, onProgress, onError, firstScreenShown = () => Promise.resolve() }) {
    this.#api = api;
    this.source = source;
    this.folder = folder;
    this.list = list;
    // A closed session stays silent, even for an answer that was already on its way.
    const live = (callback) => (...args) => this.#controller.signal.aborted || callback(...args);
    this.#callbacks = {
      onFolder: live(onFolder), onStale: live(onStale), onItems: live(onItems), onProgress: live(onProgress), onError: live(onError), firstScreenShown,
    };
  }

  get complete() {
    return this.#complete;
  }

  start() {
    this.#describe();
    if (this.list.isByDate) this.#showHead();
    this.#listAll().catch((error) => this.#fail(error));
  }

  /**
   * Shows the first screenful in the grid's date order, when the server can read it ahead of
   * the listing. The listing brings these photos again; any it does not bring (gone meanwhile)
   * go once it is complete.
   */
  async #showHead() {
    try {
      const page = await this.#api.getFirstItems(this.source, this.folder, this.list.sort, FolderSession.FIRST_PAGE, this.#controller.signal);
      if (this.#complete || page.items.length === 0) return;
      const items = itemsFromRows(page.items, page.fields ?? DEFAULT_FIELDS).filter((item) => this.list.get(item.id) == null);
      for (const item of items) this.#headIds.add(item.id);
      this.list.upsert(items);
      this.#callbacks.onItems({ live: false });
    } catch (error) {
      // The listing shows the folder anyway, and says why if it cannot.
      if (!this.#api.isAbort(error)) console.warn('The first screenful could not be read ahead of the listing:', error.message);
    }
  }

  #describe() {
    this.#api.getFolder(this.source, this.folder, this.#controller.signal).then(
      (info) => {
        this.#info = info;
        this.#callbacks.onFolder(info);
      },
      (error) => this.#fail(error),
    );
  }

  close() {
    this.#controller.abort();
    this.#wake?.();
  }

  /** Whether an event's `{source, folder}` is this folder. */
  concerns(event) {
    return event.source === this.source && event.folder === this.folder;
  }

  /** A `listing` event: more photos are available, fetch them now instead of at the next poll. */
  handleListing(event) {
    if (this.concerns(event) && (event.count > this.#offset || event.complete)) this.#wake?.();
  }

  /** A `folder` event: subfolders came or went. */
  handleFolder(event) {
    if (!this.concerns(event) || this.#info == null) return;
    this.#info = { ...this.#info, folders: event.folders ?? [] };
    this.#callbacks.onFolder(this.#info);
  }

  /**
   * A `closed` event: the server stopped following this folder (it keeps a limited number open).
   * The tab opens it again, catching up on what changed meanwhile, at once if it is on screen,
   * else once it is: tabs in the background do not take turns pushing each other out.
   */
  handleClosed(event) {
    if (!this.concerns(event) || this.#reopening) return;
    this.#reopening = true;
    const reopen = () => {
      if (document.hidden) return;
      document.removeEventListener('visibilitychange', reopen);
      this.#reopening = false;
      if (this.#controller.signal.aborted) return;
      this.#describe();
      this.resync();
    };
    document.addEventListener('visibilitychange', reopen);
    reopen();
  }

  /** A `change` event: photos were added, removed or changed on disk. */
  handleChange(event) {
    if (!this.concerns(event)) return;
    const rows = [...(event.added ?? []), ...(event.updated ?? [])];
    const removed = this.#apply(event.removed ?? [], itemsFromRows(rows, this.#fields));
    if (removed > 0 || rows.length > 0) {
      this.#callbacks.onItems({ live: true });
      this.#callbacks.onProgress({ count: this.list.length, complete: this.#complete });
    }
  }

  /**
   * After the event stream dropped, or the server closed the folder, changes may have been
   * missed: list again and reconcile, the source's order too.
   */
  async resync() {
    if (!this.#complete) return; // the listing loop is still running and will catch up
    try {
      let items = [];
      let offset = 0;
      for (;;) {
        const page = await this.#api.getItems(this.source, this.folder, offset, this.#controller.signal, FolderSession.PAGE);
        items = items.concat(itemsFromRows(page.items, page.fields ?? DEFAULT_FIELDS));
        offset = page.offset + page.items.length;
        if (offset < page.count) continue;
        if (page.complete) break;
        await delay(POLL_MS, this.#controller.signal);
      }
      const present = new Set(items.map((item) => item.id));
      const gone = this.list.items.filter((item) => !present.has(item.id)).map((item) => item.id);
      this.#apply(gone, items.filter((item) => !sameItem(item, this.list.get(item.id))));
      this.list.setSourceOrder(items.map((item) => item.id)); // an album may have been reordered
      this.#callbacks.onItems({ live: true });
      this.#callbacks.onProgress({ count: this.list.length, complete: true });
    } catch (error) {
      if (!this.#api.isAbort(error)) this.#fail(error);
    }
  }

  /**
   * Removes the items with ids `removed`, adds or replaces `items`, and reports what went stale;
   * returns how many items went.
   */
  #apply(removed, items) {
    const stale = removed.map((id) => this.list.get(id)).filter((item) => item != null);
    for (const item of items) {
      const before = this.list.get(item.id);
      if (before != null && before.version !== item.version) stale.push(before);
    }
    const count = this.list.remove(removed);
    this.list.upsert(items);
    if (stale.length > 0) this.#callbacks.onStale(stale);
    return count;
  }

  async #listAll() {
    const signal = this.#controller.signal;
    let limit = FolderSession.FIRST_PAGE;
    for (;;) {
      const started = performance.now();
      const page = await this.#api.getItems(this.source, this.folder, this.#offset, signal, limit);
      if (page.fields) this.#fields = page.fields;
      const items = itemsFromRows(page.items, this.#fields);
      this.#offset = Math.max(this.#offset, page.offset + page.items.length);
      const listedMore = this.#offset < page.count;
      this.#complete = page.complete && !listedMore;
      this.list.upsert(items);
      if (this.#headIds.size > 0) this.#settleHead(items);
      this.#callbacks.onItems({ live: false });
      this.#callbacks.onProgress({ count: this.list.length, complete: this.#complete });
      if (this.#complete || signal.aborted) return;
      if (limit === FolderSession.FIRST_PAGE) await this.#callbacks.firstScreenShown();
      if (signal.aborted) return;
      limit = FolderSession.PAGE;
      if (listedMore) continue; // the rest of what the server has listed, a page at a time
      await this.#nextListing();
      const elapsed = performance.now() - started;
      if (elapsed < MIN_FETCH_INTERVAL_MS) await delay(MIN_FETCH_INTERVAL_MS - elapsed, signal);
    }
  }

  /** Notes which head photos the listing brought; once it is complete, removes the others. */
  #settleHead(items) {
    for (const item of items) this.#headIds.delete(item.id);
    if (!this.#complete) return;
    this.#apply([...this.#headIds], []);
    this.#headIds.clear();
  }

  /** Resolves at the next `listing` event for this folder, or after the poll interval. */
  #nextListing() {
    return new Promise((resolve) => {
      const timer = setTimeout(done, POLL_MS);
      const self = this;
      function done() {
        clearTimeout(timer);
        self.#wake = null;
        resolve();
      }
      this.#wake = done;
    });
  }

  #fail(error) {
    if (!this.#api.isAbort(error)) this.#callbacks.onError(error);
  }
}

function sameItem(a, b) {
  return b != null && a.name === b.name && a.date === b.date && a.offset === b.offset && a.dateSource === b.dateSource && a.size === b.size && a.width === b.width && a.height === b.height && a.version === b.version;
}

function delay(ms, signal) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    }, { once: true });
  });
}
