/**
 * A video's badge on its grid cell: a play mark and its duration at the cell's bottom left. Like
 * the captions (caption-layer.js), the badges live in one absolutely positioned layer inside the
 * grid's scroller, so a cell stays a single <img>; only the rows on screen get them.
 */

import { el } from '../dom.js';
import { formatDuration } from '../format.js';

export class VideoBadgeLayer {
  #shown = new Map(); // item id → badge element
  #pool = [];

  constructor() {
    this.element = el('div', { class: 'grid-video-badges', 'aria-hidden': 'true' });
  }

  /** Shows the badges of `cells` (`[{id, duration, x, y, size}]`, each cell's top left corner) and no others. */
  place(cells) {
    const next = new Map();
    for (const cell of cells) {
      const element = this.#shown.get(cell.id) ?? this.#pool.pop() ?? el('span', { class: 'video-badge', 'data-testid': 'video-badge' });
      this.#shown.delete(cell.id);
      element.textContent = `▶ ${cell.duration == null ? '' : formatDuration(cell.duration)}`.trim();
      element.dataset.id = cell.id;
      element.style.transform = `translate(${cell.x + 4}px, ${cell.y + cell.size - 22}px)`;
      if (!element.isConnected) this.element.append(element);
      next.set(cell.id, element);
    }
    for (const element of this.#shown.values()) {
      element.remove();
      this.#pool.push(element);
    }
    this.#shown = next;
  }
}
