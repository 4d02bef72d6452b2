/**
 * Elements laid over the grid's cells on screen, one a cell, in a layer of their own inside the
 * grid's scroller: a cell stays a single <img>, and as rows scroll the elements of cells gone are
 * kept for the cells that came, so a screenful costs no new elements once the first is drawn.
 */

export class CellOverlays {
  #shown = new Map(); // item id → element
  #pool = [];
  #make;

  /** - element: the layer; make(): a new element, when none is left to reuse. */
  constructor(element, make) {
    this.element = element;
    this.#make = make;
  }

  /**
   * Shows an element for each of `cells` (`[{id, …}]`), drawn by `draw(element, cell)`, and none
   * for other cells; returns the elements by item id.
   */
  place(cells, draw) {
    const next = new Map();
    for (const cell of cells) {
      const element = this.#shown.get(cell.id) ?? this.#pool.pop() ?? this.#make();
      this.#shown.delete(cell.id);
      draw(element, cell);
      if (!element.isConnected) this.element.append(element);
      next.set(cell.id, element);
    }
    for (const element of this.#shown.values()) {
      element.remove();
      this.#pool.push(element);
    }
    this.#shown = next;
    return next;
  }
}
