/**
 * A small observable store: the page's state in one object, changed only through `set` (or
 * `changed` for a value mutated in place), and every subscriber told which keys changed. What
 * the page derives from the state (the grid's message) is then drawn on every change, never
 * refreshed by hand after each one.
 */
export class Store {
  #state;
  #listeners = new Set();

  constructor(initial) {
    this.#state = { ...initial };
  }

  /** The current state; read it, change it through `set`. */
  get state() {
    return this.#state;
  }

  /** Assigns the keys of `patch` that hold another value, then tells subscribers which did. */
  set(patch) {
    const keys = Object.keys(patch).filter((key) => !Object.is(this.#state[key], patch[key]));
    if (keys.length === 0) return;
    this.#state = { ...this.#state, ...patch };
    this.#notify(keys);
  }

  /**
   * Tells subscribers that the values under `keys` changed in place: a folder's list of 100,000
   * photos is updated, not copied, for every batch the server sends.
   */
  changed(...keys) {
    this.#notify(keys);
  }

  /** Calls `listener(state, keys)` after every change; returns the function that stops it. */
  subscribe(listener) {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #notify(keys) {
    const changed = new Set(keys);
    for (const listener of [...this.#listeners]) listener(this.#state, changed);
  }
}
