/**
 * Photolala's albums in the page: the sidebar's list kept as the server has it (loaded once,
 * then from each `albums` event, which an edit here, in another tab, with `photolala album` or
 * by a sync sends), and the edits: make, rename, delete, add photos (dropped on an album, or
 * from the context menu), take them out, order them by dragging within the album, choose its
 * cover. The server closes the open albums after each edit, and the grid lists them again.
 */

import { ALBUMS_SOURCE } from '../components/album-list.js';
import { startPhotoDrag } from '../photo-drag.js';
import { navigate } from '../router.js';

/** How many albums the context menu offers to add to, the ones used last first. */
const MENU_ALBUMS = 8;

export class AlbumsController {
  #deps;
  #albums = [];
  /** Album ids, the last one photos were added to first. */
  #recent = [];

  /**
   * - store, api, selection: the page's store, the server's API, the selection.
   * - albumList: the sidebar's AlbumList.
   * - contextMenu: the menu an album's right click opens.
   * - status, banner: where what was done, and what could not be, is said.
   */
  constructor(deps) {
    this.#deps = deps;
  }

  /** Loads the albums into the sidebar. */
  async load() {
    try {
      this.show(await this.#deps.api.getAlbums());
    } catch (error) {
      this.#deps.banner.show(error.message);
    }
  }

  /** Shows the albums as `GET /api/albums` or an `albums` event gives them. */
  show({ albums }) {
    this.#albums = albums;
    this.#deps.albumList.setAlbums(albums);
  }

  /** The open folder, when it is one of the albums (not a folder of them). */
  openAlbum() {
    const { source, folder } = this.#deps.store.state;
    if (source?.id !== ALBUMS_SOURCE) return null;
    return this.#albums.find((album) => album.id === folder && !album.isFolder) ?? null;
  }

  async create(name) {
    const answer = await this.#run(() => this.#deps.api.createAlbum(name));
    if (!answer) return;
    this.#deps.status.announce(`Made the album ${name}`);
    navigate(ALBUMS_SOURCE, answer.id);
  }

  async rename(id, name) {
    if (await this.#run(() => this.#deps.api.renameAlbum(id, name))) this.#deps.status.announce(`Renamed the album ${name}`);
  }

  /** Deletes an album after asking: its photos stay where they are. */
  async delete(album) {
    const what = album.isFolder ? `the folder “${album.name}” and the albums in it` : `the album “${album.name}”`;
    if (!window.confirm(`Delete ${what}? The photos stay where they are.`)) return;
    if (!(await this.#run(() => this.#deps.api.deleteAlbum(album.id)))) return;
    this.#deps.status.announce(`Deleted ${album.isFolder ? 'the folder' : 'the album'} ${album.name}`);
    if (this.#deps.store.state.source?.id === ALBUMS_SOURCE && this.#deps.store.state.folder === album.id) navigate(ALBUMS_SOURCE, '~');
  }

  /** Adds photos `ids` of `folder` of `source` to album `id`. */
  async add(id, { source, folder, ids }) {
    const album = this.#albums.find((candidate) => candidate.id === id);
    if (!album || ids.length === 0) return;
    const answer = await this.#run(() => this.#deps.api.addToAlbum(id, source, folder, ids));
    if (!answer) return;
    this.#recent = [id, ...this.#recent.filter((recent) => recent !== id)];
    const failures = Object.values(answer.errors ?? {});
    if (failures.length > 0) this.#deps.banner.show(`${failures.length === 1 ? '1 photo' : `${failures.length} photos`} could not be added. ${failures[0]}`);
    const added = ids.length - failures.length;
    if (added > 0) {
      const already = added - answer.count;
      const photos = added === 1 ? '1 photo' : `${added} photos`;
      this.#deps.status.announce(`Added ${photos} to ${album.name}${already > 0 ? ` (${already} already in it)` : ''}`);
    }
  }

  /** Takes the selected photos out of the open album. */
  async removeSelected() {
    const album = this.openAlbum();
    const ids = this.#deps.selection.ids();
    if (!album || ids.length === 0) return;
    const answer = await this.#run(() => this.#deps.api.removeFromAlbum(album.id, ids));
    if (answer) this.#deps.status.announce(`Took ${answer.count === 1 ? '1 photo' : `${answer.count} photos`} out of ${album.name}`);
  }

  /** Makes photo `id` the open album's cover. */
  async makeCover(id) {
    const album = this.openAlbum();
    if (album && (await this.#run(() => this.#deps.api.setAlbumCover(album.id, id)))) this.#deps.status.announce(`Made the cover of ${album.name}`);
  }

  /** Photos dragged from the grid: they carry the open folder's ids. */
  startDrag(event, ids) {
    const { source, folder, list } = this.#deps.store.state;
    if (!source || folder == null) return;
    startPhotoDrag(event, { source: source.id, folder, ids, names: ids.map((id) => list.get(id)?.name ?? id) });
  }

  /** Whether photos dragged over the grid can be dropped on one of its photos: in an album, its own. */
  canReorder() {
    return this.openAlbum() != null;
  }

  /** Photos of the open album, dropped on photo `before`: they go before it, in their order. */
  async reorder(photos, before) {
    const album = this.openAlbum();
    const { store } = this.#deps;
    if (!album || photos.source !== ALBUMS_SOURCE || photos.folder !== album.id) return;
    const ids = photos.ids.filter((id) => id !== before && store.state.list.has(id));
    if (ids.length === 0) return;
    // Kept in the album's order, whichever was selected first.
    ids.sort((first, second) => store.state.list.indexOf(first) - store.state.list.indexOf(second));
    if (await this.#run(() => this.#deps.api.orderAlbum(album.id, ids, before))) this.#deps.status.announce(`Moved ${ids.length === 1 ? '1 photo' : `${ids.length} photos`} in ${album.name}`);
  }

  /** The context menu's album entries for the selection `ids`: add to an album; in one, take out or make the cover. */
  menuEntries(id, ids) {
    const { store } = this.#deps;
    const { source, folder } = store.state;
    const entries = [];
    const open = this.openAlbum();
    if (open) {
      entries.push(
        { label: ids.length > 1 ? `Remove ${ids.length} from Album` : 'Remove from Album', action: 'album-remove', run: () => this.removeSelected() },
        { label: 'Make Album Cover', action: 'album-cover', disabled: ids.length !== 1, run: () => this.makeCover(id) },
      );
    }
    const albums = this.#albums.filter((album) => !album.isFolder && album.id !== open?.id);
    albums.sort((first, second) => rank(this.#recent, first.id) - rank(this.#recent, second.id));
    for (const album of albums.slice(0, MENU_ALBUMS)) {
      entries.push({ label: `Add to “${album.name}”`, action: 'album-add', run: () => this.add(album.id, { source: source.id, folder, ids }) });
    }
    return entries;
  }

  /** The menu of an album in the sidebar. */
  openAlbumMenu(album, x, y) {
    const { contextMenu, albumList } = this.#deps;
    contextMenu.open(
      [
        { label: 'Rename…', action: 'album-rename', run: () => albumList.rename(album.id) },
        { label: album.isFolder ? 'Delete Folder' : 'Delete Album', action: 'album-delete', run: () => this.delete(album) },
      ],
      x,
      y,
    );
  }

  /** Runs an edit, saying in the banner why it failed: its answer, or null. */
  async #run(edit) {
    try {
      return await edit();
    } catch (error) {
      this.#deps.banner.show(error.message);
      return null;
    }
  }
}

/** Where `id` is among the recently used, the others after them in their own order. */
function rank(recent, id) {
  const index = recent.indexOf(id);
  return index < 0 ? recent.length : index;
}
