/**
 * What can be done to the open folder's photos: open one in the preview, and the context menu's
 * commands on the selection (info, export or download, restore from Deep Archive, star, albums).
 */

import { can, isCloudOpen } from '../app-state.js';
import { itemKey } from '../photo-list.js';

export class PhotoActionsController {
  #deps;

  /**
   * - store, api, settings, selection: the page's store, the server's API, the display settings, the selection.
   * - grid, preview, contextMenu, restoreDialog: where the photos, their menu and the restore show.
   * - loader: the ThumbnailLoader, whose thumbnails the preview shows while the photo loads.
   * - backup: the BackupController, which stars.
   * - albums: the AlbumsController, whose entries the menu offers.
   * - banner: where what cannot be done is said.
   */
  constructor(deps) {
    this.#deps = deps;
  }

  /** Opens photo `id` in the preview, where the source can show one. */
  openPreview(id) {
    const { store, selection, preview } = this.#deps;
    const { source, folder } = store.state;
    if (!can(store.state, 'preview')) return;
    selection.selectOnly(id);
    preview.open(source.id, folder, id);
  }

  /** The URL of the thumbnail the grid already holds for photo `id`, shown while its preview loads. */
  previewPlaceholder(id) {
    const { store, loader } = this.#deps;
    const { list, source, folder } = store.state;
    const item = list.get(id);
    return item ? loader.lookup(itemKey(source?.id, folder, item))?.url ?? null : null;
  }

  /** The preview moved to photo `id`: the selection and the grid follow it. */
  previewMoved(id) {
    this.#deps.selection.selectOnly(id);
    this.#deps.grid.revealItem(id);
  }

  /** The preview closed on photo `id` (or on none): the grid shows it and takes the focus back. */
  previewClosed(id) {
    const { store, grid } = this.#deps;
    if (id != null && store.state.list.has(id)) grid.revealItem(id);
    grid.focus();
  }

  /**
   * The menu of photo `id`, which the selection now holds: it acts on the whole selection. In the
   * Cloud source, originals are restored from Deep Archive first and downloaded once restored.
   */
  openContextMenu(id, x, y) {
    const { store, settings, grid, contextMenu, restoreDialog, backup, albums } = this.#deps;
    const state = store.state;
    const ids = backup.selectedIds();
    const inspectorOpen = settings.get('inspector');
    const several = ids.length > 1;
    const items = [
      ...(can(state, 'preview') ? [{ label: 'Open', action: 'open', run: () => this.openPreview(id) }] : []),
      { label: inspectorOpen ? 'Hide Info' : 'Get Info', action: 'info', run: () => settings.set({ inspector: !inspectorOpen }) },
    ];
    if (can(state, 'restore')) {
      const restored = this.#readable(ids);
      const archived = state.source.archived !== false ? ids.filter((selected) => grid.badges.restoreOf(selected) == null) : [];
      items.push(
        { label: several ? `Restore ${ids.length} Originals…` : 'Restore Original…', action: 'restore', disabled: archived.length === 0, run: () => restoreDialog.open(archived) },
        { label: restored.length > 1 ? `Download ${restored.length} Originals` : 'Download Original', action: 'export', disabled: restored.length === 0, run: () => this.downloadOriginals(restored) },
      );
    } else {
      // Photos calls it "Export…"; elsewhere the file is the original.
      const label = state.source.kind === 'applePhotos' ? (several ? `Export ${ids.length}…` : 'Export…') : several ? `Export ${ids.length} Originals…` : 'Export Original…';
      items.push({ label, action: 'export', run: () => this.downloadOriginals(ids) });
    }
    if (can(state, 'star')) {
      const starred = ids.filter((selected) => grid.badges.isStarred(selected));
      items.push(
        { label: several ? `Star ${ids.length} for Backup` : 'Star for Backup', action: 'star', disabled: starred.length === ids.length, run: () => backup.star(ids, true) },
        { label: several ? `Unstar ${ids.length}` : 'Unstar', action: 'unstar', disabled: starred.length === 0, run: () => backup.star(starred, false) },
      );
    }
    items.push(...albums.menuEntries(id, ids));
    contextMenu.open(items, x, y);
  }

  /**
   * Exports the selected photos, as the context menu's Export does: their originals, or in the
   * Cloud source those restored from Deep Archive (the others say so in the banner).
   */
  exportSelected() {
    const { backup, banner } = this.#deps;
    const ids = backup.selectedIds();
    const readable = this.#readable(ids);
    if (readable.length < ids.length) banner.show(`${ids.length - readable.length} of these photos must be restored from Deep Archive before they can be exported.`);
    if (readable.length > 0) this.downloadOriginals(readable);
  }

  /**
   * The photos of `ids` whose originals can be read now: all of them but in the Cloud source of
   * an S3 backup, where only those restored from Deep Archive (a backup folder's are readable at
   * once).
   */
  #readable(ids) {
    const { store, grid } = this.#deps;
    const inArchive = can(store.state, 'restore') && store.state.source.archived !== false;
    return inArchive ? ids.filter((selected) => grid.badges.restoreOf(selected) === 'restored') : ids;
  }

  /**
   * Downloads one photo's original file under its own name (from the Cloud, under the name the
   * server gives: the extension of the format the backup recorded); several as one ZIP, which the
   * server streams as it writes it, so a browser asks once, not once per photo. The restore
   * dialog downloads through it too, from a store that has no Deep Archive.
   */
  downloadOriginals(ids) {
    const { store, api } = this.#deps;
    const { source, folder, list } = store.state;
    if (ids.length === 1) {
      const link = document.createElement('a');
      link.href = api.originalUrl(source.id, folder, ids[0]);
      link.download = isCloudOpen(store.state) ? '' : list.get(ids[0])?.name ?? '';
      document.body.append(link);
      link.click();
      link.remove();
      return;
    }
    // A form, not fetch: the browser saves the answer as it arrives instead of holding it whole.
    const form = document.createElement('form');
    form.method = 'post';
    form.action = api.exportUrl(source.id, folder);
    form.hidden = true;
    for (const id of ids) form.append(Object.assign(document.createElement('input'), { type: 'hidden', name: 'ids', value: id }));
    document.body.append(form);
    form.submit();
    form.remove();
  }
}
