/**
 * The open folder's subfolders, as tiles above the photos. A tile opens with a click or Enter,
 * as an album does in Photos; its ↗ link opens the folder in a new tab (the URL hash carries the
 * folder, so that tab lands on it).
 */

import { el } from '../dom.js';
import { formatInteger } from '../format.js';
import { icons } from '../icons.js';
import { folderHref } from '../router.js';

/** Tiles shown before a "Show all" button, so a folder of thousands of folders stays light. */
const INITIAL_LIMIT = 120;

export class FolderStrip {
  #source = null;
  #folders = [];
  #onOpen;

  /** - onOpen(folderId): a tile was opened. */
  constructor({ onOpen }) {
    this.#onOpen = onOpen;
    this.list = el('div', { class: 'folder-list', role: 'list', onkeydown: (event) => this.#onKeyDown(event) });
    this.element = el('section', { class: 'folder-strip', 'data-testid': 'folder-strip', 'aria-label': 'Folders', hidden: true }, this.list);
  }

  /** Shows the subfolders (`[{id, name}]`) of a folder of `source`. */
  setFolders(source, folders) {
    this.#source = source;
    this.#folders = folders;
    this.element.hidden = folders.length === 0;
    this.#render(INITIAL_LIMIT);
  }

  /** Moves keyboard focus to the first tile; false when there is none. */
  focusFirst() {
    const tile = this.list.querySelector('.folder-tile');
    tile?.focus();
    return tile != null;
  }

  #render(limit) {
    const tiles = this.#folders.slice(0, limit).map((folder) => this.#tile(folder));
    const hidden = this.#folders.length - tiles.length;
    if (hidden > 0) {
      tiles.push(el('button', { class: 'folder-more', type: 'button', onclick: () => this.#render(Infinity), text: `Show all ${formatInteger(this.#folders.length)} folders` }));
    }
    this.list.replaceChildren(...tiles);
  }

  #tile(folder) {
    const href = folderHref(this.#source, folder.id);
    return el(
      'div',
      {
        class: 'folder-tile',
        role: 'listitem',
        tabindex: '0',
        title: folder.name,
        'aria-label': `Folder ${folder.name}`,
        'data-testid': 'folder-tile',
        'data-id': folder.id,
        // The second click of a double-click lands on a tile of the folder just opened: not a wish.
        onclick: (event) => event.target.closest('a') || event.detail > 1 || this.#onOpen(folder.id),
      },
      el('span', { class: 'folder-icon', html: icons.folder }),
      el('span', { class: 'folder-name', text: folder.name }),
      el('a', {
        class: 'folder-new-tab',
        href,
        target: '_blank',
        rel: 'noopener',
        title: 'Open in new tab',
        'aria-label': `Open ${folder.name} in a new tab`,
        'data-testid': 'folder-new-tab',
        html: icons.newTab,
      }),
    );
  }

  #onKeyDown(event) {
    const tile = event.target.closest?.('.folder-tile');
    if (!tile || event.target !== tile) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      this.#onOpen(tile.dataset.id);
    } else if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      const next = event.key === 'ArrowRight' ? tile.nextElementSibling : tile.previousElementSibling;
      next?.focus();
    }
  }
}
