/**
 * Where each photo of a search, a timeline, a place or a person comes from, as a small mark at
 * its cell's top left: a folder, an Apple Photos library or the cloud backup (its name in the
 * mark's label; the inspector names it too). Like the kind badges (kind-badge-layer.js), the marks live in one layer over the grid
 * and only the rows on screen get them.
 */

import { el } from '../dom.js';
import { icons } from '../icons.js';

const ICONS = { local: icons.folder, applePhotos: icons.photos, cloud: icons.cloud };

export class SourceBadgeLayer {
  #shown = new Map(); // item id → badge element
  #pool = [];

  constructor() {
    this.element = el('div', { class: 'grid-source-badges' });
  }

  /**
   * Shows the marks of `cells` (`[{id, source: {id, name, kind}, x, y}]`, each cell's top left
   * corner) and no others.
   */
  place(cells) {
    const next = new Map();
    for (const cell of cells) {
      const element = this.#shown.get(cell.id) ?? this.#pool.pop() ?? el('span', { class: 'cell-source', 'data-testid': 'source-badge' });
      this.#shown.delete(cell.id);
      if (element.dataset.source !== cell.source.id) {
        element.dataset.source = cell.source.id;
        element.dataset.kind = cell.source.kind;
        element.innerHTML = ICONS[cell.source.kind] ?? icons.folder;
        element.setAttribute('aria-label', `From ${cell.source.name}`);
      }
      element.style.transform = `translate(${cell.x + 4}px, ${cell.y + 4}px)`;
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
