/**
 * The cloud catalog's sync as the page shows it: the sidebar's line, the overlay over the Cloud
 * source, and the sync's error in its banner (offline or failed, the last synced catalog keeps
 * working); and restores asked for from the Cloud source, whose badges change at once.
 */

import { isCloudOpen } from '../app-state.js';

export class CloudController {
  #store;
  #api;
  #grid;
  #sidebar;
  #syncOverlay;
  #banner;
  #onSyncEnded;
  /** The cloud catalog's last known sync, and the error last shown for it. */
  #sync = null;
  #shownError = null;

  /**
   * - store, api: the page's store and the server's API.
   * - grid, sidebar, syncOverlay, banner: what shows the sync and the restores.
   * - onSyncEnded(): a sync ended while another source is open, whose photos it may have found backed up.
   */
  constructor({ store, api, grid, sidebar, syncOverlay, banner, onSyncEnded }) {
    this.#store = store;
    this.#api = api;
    this.#grid = grid;
    this.#sidebar = sidebar;
    this.#syncOverlay = syncOverlay;
    this.#banner = banner;
    this.#onSyncEnded = onSyncEnded;
  }

  /** Syncs the catalog now; its progress comes as events. */
  sync() {
    this.#api.syncCloud().catch((error) => this.#banner.show(error.message));
  }

  /** A sync status: the sidebar's line, the overlay, and in the Cloud source the sync's error. */
  showSync(sync) {
    const wasSyncing = this.#sync?.syncing;
    const cloud = isCloudOpen(this.#store.state);
    this.#sync = sync;
    this.#sidebar.setCloudSync(sync);
    this.#syncOverlay.update(sync);
    if (cloud) this.#showError(sync);
    if (wasSyncing && !sync.syncing && !cloud) this.#onSyncEnded();
  }

  /** A folder opened (the banner was hidden when the last one closed): the overlay, and the Cloud's sync error. */
  folderOpened() {
    const cloud = isCloudOpen(this.#store.state);
    this.#syncOverlay.setVisible(cloud);
    this.#shownError = null;
    if (cloud && this.#sync) this.#showError(this.#sync);
  }

  /** No folder is open: no overlay either. */
  folderClosed() {
    this.#syncOverlay.setVisible(false);
  }

  /** Asks Deep Archive to restore photos; in the Cloud source their badges say so at once. */
  async restore(ids, tier, days) {
    const { items } = await this.#api.requestRestore(ids, tier, days);
    if (isCloudOpen(this.#store.state)) this.#grid.mergeBadges(Object.fromEntries(items.map((status) => [status.md5, { restore: status.state, expiry: status.expiry }])));
  }

  #showError(sync) {
    const error = sync.syncing ? null : sync.state.error ?? null;
    if (error === this.#shownError) return;
    this.#shownError = error;
    if (error) this.#banner.show(error);
    else this.#banner.hide();
  }
}
