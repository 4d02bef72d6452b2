/**
 * The open folder: opening one starts its FolderSession, which fills the store's list; the grid,
 * the breadcrumb, the subfolders and the status bar follow it. Leaving a folder remembers its
 * focused photo, so coming back lands on it again.
 */

import { listOrder, TIMELINE_SOURCE, timelineFolder, upFrom } from '../app-state.js';
import { FolderSession } from '../folder-session.js';
import { itemKey, PhotoList } from '../photo-list.js';
import { folderHref } from '../router.js';

/**
 * The longest a listing's rest waits for the first screen's thumbnails: those of a folder seen
 * before come within a tenth of a second; those of an unseen one are made one by one, and the
 * rows are then worth more than the few milliseconds they take from them.
 */
const FIRST_SCREEN_WAIT_MS = 500;

export class FolderController {
  #deps;
  /** Whether the keyboard focus goes into the folder once it shows something (it was just opened). */
  #focusOnArrival = false;
  /** The focused photo of each folder left, and the one to focus once the open folder lists it. */
  #focusMemory = new Map();
  #pendingFocus = null;

  /**
   * - store, api, settings, selection, loader: the page's store, the server's API, the display
   *   settings, the selection, the thumbnails.
   * - grid, toolbar, folderStrip, status, preview, banner: what shows the folder.
   * - messages, backup, display, filter, cloud: the controllers a folder's opening involves.
   */
  constructor(deps) {
    this.#deps = deps;
    deps.store.subscribe((state, keys) => {
      if (keys.has('progress')) deps.status.setProgress(state.progress);
    });
  }

  /** Opens `folder` of `source` unless it is open already. */
  open(source, folder) {
    const { store, api, settings, selection, loader, grid, toolbar, folderStrip, messages, backup, display, filter, cloud } = this.#deps;
    const state = store.state;
    if (state.source?.id === source.id && state.folder === folder && state.session) return;
    this.close();
    messages.hide();
    const list = new PhotoList(listOrder({ source }, settings.get('sort')));
    store.set({ source, folder, list, error: null, listed: false, search: { text: '', ids: null } });
    toolbar.clearSearch();
    this.#pendingFocus = this.#focusMemory.get(this.#key()) ?? null;
    this.#focusOnArrival = true;
    selection.reset();
    toolbar.breadcrumb.set(source.id, [{ id: folder, name: folder === (source.rootFolder ?? '~') ? source.name : '…' }]);
    toolbar.setCanGoUp(false);
    const timeline = timelineFolder(source, folder);
    toolbar.setTimeline(timeline == null ? null : folderHref(TIMELINE_SOURCE, timeline));
    folderStrip.setFolders(source.id, []);
    grid.setFolder(source.id, folder, list);
    // After the grid let go of the last folder's list, which it would lay out again.
    display.applyCapabilities();
    filter.apply();
    cloud.folderOpened();
    store.set({ progress: { count: 0, complete: false } });
    const session = new FolderSession({
      api,
      source: source.id,
      folder,
      list,
      onFolder: (info) => this.#showInfo(source, info),
      onStale: (items) => loader.forget(items.map((item) => itemKey(source.id, folder, item))),
      onItems: ({ live }) => this.#itemsChanged(live),
      onProgress: (progress) => {
        if (progress.complete && !store.state.listed) {
          store.set({ listed: true });
          backup.scheduleBadges(); // a filter needs every photo's badge, and a long listing may have brought more
          this.#focusArrived();
        }
        store.set({ progress });
      },
      firstScreenShown: () => this.#firstScreenShown(),
      onError: (error) => this.#fail(source, folder, error),
    });
    store.set({ session });
    session.start();
    api.dropPrefetched();
    backup.loadBadges();
  }

  /** Closes the open folder's session, remembering its focused photo. */
  close() {
    const { store, selection, preview, banner } = this.#deps;
    const { session } = store.state;
    if (session && selection.focus != null) this.#focusMemory.set(this.#key(), selection.focus);
    session?.close();
    store.set({ session: null, info: null });
    preview.close();
    banner.hide();
  }

  #key() {
    const { source, folder } = this.#deps.store.state;
    return `${source?.id}/${folder}`;
  }

  #showInfo(source, info) {
    const { store, toolbar, folderStrip } = this.#deps;
    toolbar.breadcrumb.set(source.id, info.breadcrumb);
    toolbar.setCanGoUp(upFrom(source, this.#deps.store.state.folder, info.breadcrumb) != null);
    folderStrip.setFolders(source.id, info.folders, { albums: source.kind === 'applePhotos' });
    document.title = `${info.name} — Photolala`;
    store.set({ info });
    this.#focusArrived(); // a folder of folders: its first tile
  }

  #itemsChanged(live) {
    const { store, selection, grid, preview, backup, display } = this.#deps;
    if (live) backup.scheduleBadges(); // a photo changed on disk, or its catalog (and MD5) is now known
    grid.itemsChanged();
    if (live) selection.retain(store.state.list);
    preview.itemsChanged();
    this.#restoreFocus();
    store.changed('list');
    display.showSelection();
  }

  /** With nothing to show, the reason takes the grid's place; otherwise it goes above. */
  #fail(source, folder, error) {
    const { store, toolbar, status, banner } = this.#deps;
    const { list } = store.state;
    if (list.length === 0) {
      toolbar.breadcrumb.set(source.id, [{ id: source.rootFolder ?? '~', name: source.name }, { id: folder, name: 'Not available' }]);
      toolbar.setCanGoUp(false);
      status.clear();
      store.set({ error: error.message });
    } else {
      banner.show(error.message);
      store.set({ progress: { count: list.length, complete: true } });
    }
  }

  /**
   * Moves the keyboard focus into the open folder: its focused photo, else its first, else its
   * first subfolder's tile; false when it shows none.
   */
  focusContent() {
    const { store, selection, grid, folderStrip } = this.#deps;
    if (selection.focus != null && store.state.list.has(selection.focus)) {
      grid.focus();
      return true;
    }
    return grid.focusFirst() || folderStrip.focusFirst();
  }

  /**
   * A folder just opened takes the keyboard focus once it is listed (photos still arriving would
   * move the grid under a focused one) and shows a photo or a subfolder's tile, so a remote's
   * next key acts in it; unless the focus is somewhere else of the user's choosing by then (a
   * field, a panel).
   */
  #focusArrived() {
    const { store } = this.#deps;
    if (!this.#focusOnArrival || !store.state.listed) return;
    const active = document.activeElement;
    const lost = active == null || active === document.body || active.closest?.('.sidebar-sources, .folder-strip, .grid-scroller') != null;
    if (!lost) this.#focusOnArrival = false;
    else if (this.focusContent()) this.#focusOnArrival = false;
  }

  /** Coming back to a folder: focus the photo that had the focus when it was left. */
  #restoreFocus() {
    const { store, selection, grid } = this.#deps;
    const id = this.#pendingFocus;
    if (id == null || !store.state.list.has(id)) return;
    selection.selectOnly(id);
    grid.revealItem(id);
    this.#pendingFocus = null;
  }

  /** Resolves once the grid has laid out the first page and its on-screen thumbnails are shown, or after FIRST_SCREEN_WAIT_MS. */
  #firstScreenShown() {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
    const shown = frame().then(frame).then(() => this.#deps.loader.onScreenSettled());
    return Promise.race([shown, new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS))]);
  }
}
