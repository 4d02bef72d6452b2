/**
 * Photolala's albums in the sidebar, under the Albums source: each album and album folder as a
 * link to its grid, nested as they are, with how many photos an album holds. Photos dragged
 * from the grid drop onto an album to join it. New Album asks for a name in place (a "/" in it
 * makes the folders before it); a right click on an entry offers its rename and deletion.
 */

import { el } from '../dom.js';
import { formatInteger } from '../format.js';
import { icons } from '../icons.js';
import { carriesPhotos, droppedPhotos } from '../photo-drag.js';
import { folderHref } from '../router.js';

/** The source the albums are opened under (AlbumsSource). */
export const ALBUMS_SOURCE = 'albums';

export class AlbumList {
  #albums = [];
  #current = null;
  #entries = new Map(); // album id → link
  #onCreate;
  #onRename;
  #onDrop;
  #onContextMenu;

  /**
   * - onCreate(name): make an album.
   * - onRename(id, name): rename one.
   * - onDrop(id, photos): photos (`{source, folder, ids}`) were dropped on album `id`.
   * - onContextMenu(album, x, y): an album's menu was asked for.
   */
  constructor({ onCreate, onRename, onDrop, onContextMenu }) {
    this.#onCreate = onCreate;
    this.#onRename = onRename;
    this.#onDrop = onDrop;
    this.#onContextMenu = onContextMenu;
    this.list = el('div', { class: 'album-list', 'data-testid': 'album-list', role: 'list', 'aria-label': 'Albums' });
    this.newButton = el('button', {
      class: 'sidebar-heading-action', type: 'button', 'data-testid': 'album-new', title: 'New Album', 'aria-label': 'New Album', text: '+',
      onclick: () => this.#askName(null),
    });
    this.element = el('div', { class: 'album-section' }, this.list);
  }

  /** Shows the albums (`[{id, name, isFolder, parent, photoCount}]`, as `GET /api/albums` gives them). */
  setAlbums(albums) {
    this.#albums = albums;
    this.#entries.clear();
    const depth = new Map();
    this.list.replaceChildren(
      ...albums.map((album) => {
        const level = album.parent == null ? 0 : (depth.get(album.parent) ?? 0) + 1;
        depth.set(album.id, level);
        return this.#entry(album, level);
      }),
    );
    this.setCurrent(this.#current);
  }

  /** Highlights the album open (`id`), or none. */
  setCurrent(id) {
    this.#current = id;
    for (const [albumID, link] of this.#entries) {
      if (albumID === id) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    }
  }

  /** Asks, in place of the album's name, for its new one. */
  rename(id) {
    this.#askName(id);
  }

  #entry(album, level) {
    const link = el(
      'a',
      {
        class: 'source-item album-item', href: folderHref(ALBUMS_SOURCE, album.id), role: 'listitem', 'data-testid': 'album-item', 'data-album': album.id,
        'data-folder': String(album.isFolder), title: album.name, style: `padding-left: ${8 + level * 14}px`,
        oncontextmenu: (event) => {
          event.preventDefault();
          this.#onContextMenu(album, event.clientX, event.clientY);
        },
      },
      el('span', { class: 'source-icon', html: album.isFolder ? icons.folder : icons.album }),
      el('span', { class: 'source-name', text: album.name }),
      album.isFolder ? null : el('span', { class: 'album-count', 'data-testid': 'album-count', text: formatInteger(album.photoCount) }),
    );
    if (!album.isFolder) {
      link.addEventListener('dragover', (event) => {
        if (!carriesPhotos(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        link.classList.add('is-drop-target');
      });
      link.addEventListener('dragleave', () => link.classList.remove('is-drop-target'));
      link.addEventListener('drop', (event) => {
        link.classList.remove('is-drop-target');
        const photos = droppedPhotos(event);
        if (!photos) return;
        event.preventDefault();
        this.#onDrop(album.id, photos);
      });
    }
    this.#entries.set(album.id, link);
    return link;
  }

  /** An input for a new album's name (`id` null) or album `id`'s: Enter makes it, Escape or leaving forgets it. */
  #askName(id) {
    this.list.querySelector('.album-name-input')?.remove();
    const album = this.#albums.find((candidate) => candidate.id === id);
    const input = el('input', {
      class: 'album-name-input', type: 'text', 'data-testid': 'album-name-input', 'aria-label': album ? `New name of ${album.name}` : 'New album name',
      placeholder: 'Album name', value: album?.name ?? '', spellcheck: 'false',
    });
    let done = false;
    const finish = (save) => {
      if (done) return;
      done = true;
      const name = input.value.trim();
      input.remove();
      this.#entries.get(id)?.removeAttribute('hidden');
      if (!save || !name || name === album?.name) return;
      if (album) this.#onRename(id, name);
      else this.#onCreate(name);
    };
    input.addEventListener('keydown', (event) => {
      event.stopPropagation(); // the page's shortcuts are not typed here
      if (event.key === 'Enter') finish(true);
      else if (event.key === 'Escape') finish(false);
    });
    input.addEventListener('blur', () => finish(false));
    const entry = this.#entries.get(id);
    if (entry) {
      entry.setAttribute('hidden', '');
      entry.after(input);
    } else {
      this.list.prepend(input);
    }
    input.focus();
    input.select();
  }
}
