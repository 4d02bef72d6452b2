/**
 * Loads thumbnails in the order the grid wants them, a few at a time, and remembers which recent
 * ones are loaded, by address (the web counterpart of seed 000's priority thumbnail loader).
 * The browser's cache holds the images themselves, so a cell shows a loaded one at once.
 *
 * The grid states its whole wish list after every scroll frame, visible cells first and the
 * margin after; loads that fell off the list are aborted, so a fast scroll never leaves a queue of
 * stale requests behind, and a margin load gives way to a visible one. Failures are remembered
 * too, so a broken file is not requested again on every scroll.
 *
 * What is on screen is always on the wish list, which is never evicted from the recency cache.
 */
export class ThumbnailLoader {
  #load;
  #concurrency;
  #capacity;
  #cache = new Map(); // key → {url} | {error}; Map order is recency order
  #flights = new Map(); // key → {controller, rank}
  #wanted = [];
  #wantedKeys = new Set();
  #urgent = 0;
  #listeners = new Set();
  #settledWaiters = [];

  /**
   * - load(request, signal, onScreen): loads the thumbnail of `request` ({key, …}) and resolves
   *   to the address an image shows it from; `onScreen` is false for the margin around the viewport.
   * - concurrency: loads in flight at once.
   * - capacity: loaded thumbnails remembered (the wish list is never evicted).
   */
  constructor({ load, concurrency = 4, capacity = 800 }) {
    this.#load = load;
    this.#concurrency = concurrency;
    this.#capacity = capacity;
  }

  /** Changes how many loads may be in flight at once (fewer for a tab in the background). */
  setConcurrency(concurrency) {
    this.#concurrency = concurrency;
    this.#pump();
  }

  /** The loaded thumbnail (`{url}`) or failure (`{error}`) for `key`, or undefined if not loaded. */
  lookup(key) {
    const entry = this.#cache.get(key);
    if (entry) {
      this.#cache.delete(key); // keep Map order = recency
      this.#cache.set(key, entry);
    }
    return entry;
  }

  /**
   * Resolves once every on-screen thumbnail of the wish list has loaded or failed: at once when
   * none is wished for or all are.
   */
  onScreenSettled() {
    if (this.#onScreenSettled()) return Promise.resolve();
    return new Promise((resolve) => this.#settledWaiters.push(resolve));
  }

  #onScreenSettled() {
    return this.#wanted.slice(0, this.#urgent).every((request) => this.#cache.has(request.key));
  }

  #resolveSettled() {
    if (this.#settledWaiters.length === 0 || !this.#onScreenSettled()) return;
    const waiters = this.#settledWaiters;
    this.#settledWaiters = [];
    for (const resolve of waiters) resolve();
  }

  /** Calls `listener(key, entry)` when a thumbnail loads or fails. */
  onLoad(listener) {
    this.#listeners.add(listener);
  }

  /**
   * Replaces the wish list with `requests` (each `{key, …}`), best first; the first `urgent` are
   * on screen. Starts what it can and aborts loads that are no longer wanted.
   */
  want(requests, urgent = requests.length) {
    this.#wanted = requests;
    this.#wantedKeys = new Set(requests.map((request) => request.key));
    this.#urgent = urgent;
    for (const [key, flight] of this.#flights) {
      if (!this.#wantedKeys.has(key)) this.#abort(key, flight);
    }
    this.#pump();
    this.#resolveSettled();
  }

  /** Drops these thumbnails (their photos changed or went), aborting their loads. */
  forget(keys) {
    for (const key of keys) {
      const flight = this.#flights.get(key);
      if (flight) this.#abort(key, flight);
      this.#cache.delete(key);
    }
  }

  /** Forgets remembered failures, so they are tried again (the server came back). */
  forgetFailures() {
    for (const [key, entry] of this.#cache) if (entry.error) this.#cache.delete(key);
    this.#pump();
  }

  #pump() {
    const ranks = new Map(this.#wanted.map((request, rank) => [request.key, rank]));
    for (const [key, flight] of this.#flights) flight.rank = ranks.get(key);
    for (let rank = 0; rank < this.#wanted.length; rank++) {
      const request = this.#wanted[rank];
      if (this.#cache.has(request.key) || this.#flights.has(request.key)) continue;
      if (this.#flights.size >= this.#concurrency && !(rank < this.#urgent && this.#yieldSlot())) break;
      this.#start(request, rank);
    }
  }

  /** Aborts the lowest-ranked off-screen load to make room for an on-screen one. */
  #yieldSlot() {
    let worst = null;
    for (const [key, flight] of this.#flights) {
      if (flight.rank >= this.#urgent && (!worst || flight.rank > worst[1].rank)) worst = [key, flight];
    }
    if (worst) this.#abort(...worst);
    return worst != null;
  }

  #start(request, rank) {
    const controller = new AbortController();
    const flight = { controller, rank };
    this.#flights.set(request.key, flight);
    this.#load(request, controller.signal, rank < this.#urgent).then(
      (url) => this.#finish(request.key, flight, { url }),
      (error) => {
        if (error?.name !== 'AbortError') this.#finish(request.key, flight, { error: error?.message || 'The thumbnail could not be loaded.' });
      },
    );
  }

  #finish(key, flight, entry) {
    if (this.#flights.get(key) !== flight) return; // aborted after the body arrived
    this.#flights.delete(key);
    this.#cache.set(key, entry);
    this.#evict();
    for (const listener of this.#listeners) listener(key, entry);
    this.#pump();
    this.#resolveSettled();
  }

  #abort(key, flight) {
    flight.controller.abort();
    this.#flights.delete(key);
  }

  /** Drops the least recently used thumbnails beyond capacity, sparing those still wanted. */
  #evict() {
    if (this.#cache.size <= this.#capacity) return;
    for (const key of this.#cache.keys()) {
      if (this.#cache.size <= this.#capacity) break;
      if (!this.#wantedKeys.has(key)) this.#cache.delete(key);
    }
  }
}
