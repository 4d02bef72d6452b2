/**
 * Where each photo of a search, a timeline, a place or a person comes from, as a small mark at
 * its cell's top left: a folder, an Apple Photos library or the cloud backup, named in the mark's
 * label. Like the kind badges (kind-badge-layer.js), the marks are cell overlays
 * (cell-overlays.js): one layer over the grid, and only the rows on screen get them.
 */

import { el } from '../dom.js';
import { icons } from '../icons.js';
import { CellOverlays } from './cell-overlays.js';

const ICONS = { local: icons.folder, applePhotos: icons.photos, cloud: icons.cloud };

export class SourceBadgeLayer {
  #badges;

  constructor() {
    this.element = el('div', { class: 'grid-source-badges' });
    this.#badges = new CellOverlays(this.element, () => el('span', { class: 'cell-source', 'data-testid': 'source-badge' }));
  }

  /**
   * Shows the marks of `cells` (`[{id, source: {id, name, kind}, x, y}]`, each cell's top left
   * corner) and no others.
   */
  place(cells) {
    this.#badges.place(cells, (element, cell) => {
      if (element.dataset.source !== cell.source.id) {
        element.dataset.source = cell.source.id;
        element.dataset.kind = cell.source.kind;
        element.innerHTML = ICONS[cell.source.kind] ?? icons.folder;
        element.setAttribute('aria-label', `From ${cell.source.name}`);
      }
      element.style.transform = `translate(${cell.x + 4}px, ${cell.y + 4}px)`;
    });
  }
}
