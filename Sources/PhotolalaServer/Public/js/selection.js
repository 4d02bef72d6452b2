/**
 * Which photos are selected, kept by id so that it survives scrolling, cell recycling, re-sorting
 * and live changes; plus the focused photo (where the keyboard acts) and the anchor that Shift
 * ranges extend from, as in a native collection view.
 */
export class Selection {
  #ids = new Set();
  #listeners = new Set();
  focus = null;
  anchor = null;

  get size() {
    return this.#ids.size;
  }

  has(id) {
    return this.#ids.has(id);
  }

  /** The selected ids, in no particular order. */
  ids() {
    return [...this.#ids];
  }

  /** Selects only `id` (a plain click or arrow key): it becomes the focus and the anchor. */
  selectOnly(id) {
    this.#ids = new Set([id]);
    this.focus = this.anchor = id;
    this.#changed();
  }

  /** Adds or removes `id` (⌘/Ctrl-click); it becomes the focus and the anchor. */
  toggle(id) {
    if (!this.#ids.delete(id)) this.#ids.add(id);
    this.focus = this.anchor = id;
    this.#changed();
  }

  /**
   * Selects the range from the anchor to `id` in `list` order (Shift-click, Shift+arrow); the
   * anchor stays. `additive` (⌘/Ctrl-Shift) adds the range to the selection instead of replacing it.
   */
  extendTo(id, list, { additive = false } = {}) {
    const to = list.indexOf(id);
    const from = this.anchor != null && list.has(this.anchor) ? list.indexOf(this.anchor) : to;
    if (to < 0) return;
    if (!additive) this.#ids = new Set();
    const [low, high] = from < to ? [from, to] : [to, from];
    for (let index = low; index <= high; index++) this.#ids.add(list.at(index).id);
    if (this.anchor == null || !list.has(this.anchor)) this.anchor = id;
    this.focus = id;
    this.#changed();
  }

  /** Moves the focus without touching the selection (⌘/Ctrl+arrow). */
  moveFocus(id) {
    this.focus = id;
    this.#changed();
  }

  selectAll(list) {
    this.#ids = new Set(list.items.map((item) => item.id));
    if (this.focus == null && list.length > 0) this.focus = this.anchor = list.at(0).id;
    this.#changed();
  }

  clear() {
    if (this.#ids.size === 0) return;
    this.#ids = new Set();
    this.#changed();
  }

  /** Forgets everything, e.g. when another folder opens. */
  reset() {
    this.#ids = new Set();
    this.focus = this.anchor = null;
    this.#changed();
  }

  /** Drops ids that `list` no longer has (photos removed on disk). */
  retain(list) {
    let dropped = false;
    for (const id of this.#ids) {
      if (!list.has(id)) dropped = this.#ids.delete(id) || dropped;
    }
    if (this.focus != null && !list.has(this.focus)) this.focus = null;
    if (this.anchor != null && !list.has(this.anchor)) this.anchor = null;
    if (dropped) this.#changed();
  }

  /** Calls `listener()` after every change. */
  onChange(listener) {
    this.#listeners.add(listener);
  }

  #changed() {
    for (const listener of this.#listeners) listener(this);
  }
}
