/**
 * File names under the photo grid's cells, when the "Names" setting is on. Like the badges
 * (badge-layer.js), they live in one absolutely positioned layer inside the grid's scroller
 * rather than in the cells, so a cell stays a single <img> and rows recycle as before. Only the
 * rows on screen get captions, and a caption stays with its photo while that photo is on screen:
 * a scroll moves the scroller, not the captions, and a new row of photos costs a row of captions.
 */

import { el } from '../dom.js';

/** Height of a caption line under a cell, in CSS pixels; the grid's row pitch grows by it. */
export const CAPTION_HEIGHT = 18;

export class CaptionLayer {
  #shown = new Map(); // item id → caption element
  #pool = [];

  constructor() {
    this.element = el('div', { class: 'grid-captions', 'aria-hidden': 'true' });
  }

  /**
   * Shows the captions of `cells` (`[{id, name, x, y}]`, each cell's top left corner in the
   * scroller's content) and of no other photo; a photo's caption already shown keeps its element.
   */
  place(cells) {
    const previous = this.#shown;
    const next = new Map();
    const needing = [];
    for (const cell of cells) {
      const element = previous.get(cell.id);
      if (element) {
        previous.delete(cell.id);
        next.set(cell.id, element);
        this.#position(element, cell);
      } else {
        needing.push(cell);
      }
    }
    const spare = [...previous.values()];
    for (const cell of needing) {
      const element = spare.pop() ?? this.#pool.pop() ?? el('span', { class: 'cell-caption', 'data-testid': 'cell-caption' });
      element.textContent = cell.name;
      element.title = cell.name;
      element.dataset.id = cell.id;
      if (!element.isConnected) this.element.append(element);
      next.set(cell.id, element);
      this.#position(element, cell);
    }
    for (const element of spare) {
      element.remove();
      this.#pool.push(element);
    }
    this.#shown = next;
  }

  #position(element, { x, y }) {
    const transform = `translate(${x}px, ${y}px)`;
    if (element.style.transform !== transform) element.style.transform = transform;
  }
}
