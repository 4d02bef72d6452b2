/**
 * The Cloud source's sync overlay (seed 004's "UI Integration"): while the cloud catalog syncs, a
 * panel at the bottom of the grid with a progress bar and what the sync is doing; hidden otherwise.
 */

import { el } from '../dom.js';

export class SyncOverlay {
  #visible = false;
  #sync = null;

  constructor() {
    this.text = el('span', { class: 'sync-overlay-text', 'data-testid': 'cloud-sync-overlay-text' });
    this.progress = el('progress', { class: 'sync-overlay-progress', max: '1', value: '0', 'aria-label': 'Cloud catalog sync' });
    this.element = el('div', { class: 'sync-overlay', 'data-testid': 'cloud-sync-overlay', role: 'status', hidden: true }, this.progress, this.text);
  }

  /** Whether the open source is the Cloud, where the overlay belongs. */
  setVisible(visible) {
    this.#visible = visible;
    this.#render();
  }

  /** A sync status (`GET /api/cloud/sync` or a `cloud-sync` event). */
  update(sync) {
    this.#sync = sync;
    this.#render();
  }

  #render() {
    const syncing = this.#visible && this.#sync?.syncing;
    this.element.hidden = !syncing;
    if (!syncing) return;
    this.progress.value = this.#sync.progress?.fraction ?? 0;
    this.text.textContent = this.#sync.progress?.status ?? 'Syncing the cloud catalog…';
  }
}
