/**
 * The backup as the open folder shows it: each photo's badge (fetched once queue updates pause),
 * starring and unstarring, the star button, and the backup bar and panel following the queue.
 */

export class BackupController {
  #store;
  #api;
  #grid;
  #selection;
  #toolbar;
  #banner;
  #backupBar;
  #cloudSettings;
  /** The open folder's badge request, and the pause before fetching badges after queue changes. */
  #badgeRequest = null;
  #badgeTimer = 0;

  /**
   * - store, api: the page's store and the server's API (api.js).
   * - grid, selection, toolbar, banner: what badges, stars and their errors show in.
   * - backupBar, cloudSettings: what follows the queue's status.
   */
  constructor({ store, api, grid, selection, toolbar, banner, backupBar, cloudSettings }) {
    this.#store = store;
    this.#api = api;
    this.#grid = grid;
    this.#selection = selection;
    this.#toolbar = toolbar;
    this.#banner = banner;
    this.#backupBar = backupBar;
    this.#cloudSettings = cloudSettings;
  }

  /** Fetches the open folder's badges now, dropping an answer that comes after it closed. */
  loadBadges() {
    this.#badgeRequest?.abort();
    const { source, folder } = this.#store.state;
    if (!source) return;
    const request = new AbortController();
    this.#badgeRequest = request;
    this.#api.getBackupBadges(source.id, folder, request.signal).then(
      (body) => {
        if (!this.#isOpen(source.id, folder)) return;
        this.#grid.setBadges(body.items);
        this.#badgesChanged();
      },
      (error) => {
        if (!this.#api.isAbort(error)) this.#banner.show(error.message);
      },
    );
  }

  scheduleBadges() {
    clearTimeout(this.#badgeTimer);
    this.#badgeTimer = setTimeout(() => this.loadBadges(), 400);
  }

  /** A queue update: the status bar at once, the badges once updates pause (progress comes often). */
  showStatus(backup) {
    this.#backupBar.update(backup);
    this.#cloudSettings.update(backup);
    this.scheduleBadges();
  }

  /** Stars or unstars photos of the open folder; photos that fail say why in the banner. */
  async star(ids, starred) {
    const { source, folder } = this.#store.state;
    if (!source || ids.length === 0) return;
    try {
      const { items } = await this.#api.setStarred(source.id, folder, ids, starred);
      if (!this.#isOpen(source.id, folder)) return;
      this.#grid.mergeBadges(items);
      this.#badgesChanged();
      const failures = Object.values(items).filter((badge) => badge.error);
      if (failures.length === 1) this.#banner.show(failures[0].error);
      else if (failures.length > 1) this.#banner.show(`${failures.length} photos could not be ${starred ? 'starred' : 'unstarred'}. ${failures[0].error}`);
    } catch (error) {
      this.#banner.show(error.message);
    }
  }

  /**
   * The star button (and the S key): stars the selection, or unstars it when every selected
   * photo is starred; with nothing selected, the photo the keyboard is on.
   */
  toggleStar() {
    const focus = this.#selection.focus;
    const selected = this.selectedIds();
    const ids = selected.length > 0 ? selected : focus != null && this.#store.state.list.has(focus) ? [focus] : [];
    if (ids.length > 0) this.star(ids, !this.#allStarred(ids));
  }

  /** The selected photos the grid shows. */
  selectedIds() {
    return this.#selection.ids().filter((id) => this.#store.state.list.has(id));
  }

  updateStarButton() {
    const ids = this.selectedIds();
    this.#toolbar.setStar({ enabled: ids.length > 0, starred: this.#allStarred(ids) });
  }

  #allStarred(ids) {
    return ids.length > 0 && ids.every((id) => this.#grid.badges.isStarred(id));
  }

  #isOpen(source, folder) {
    const state = this.#store.state;
    return state.source?.id === source && state.folder === folder;
  }

  /** After badges changed: the star button, and the "not backed up" filter, which looks at them. */
  #badgesChanged() {
    const { list } = this.#store.state;
    if (list.isFiltered) {
      list.refilter();
      this.#grid.itemsChanged();
      this.#selection.retain(list);
      this.#store.set({ progress: { count: list.length, complete: this.#store.state.session?.complete ?? true } });
    }
    this.updateStarButton();
  }
}
