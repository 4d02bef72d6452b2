/**
 * The open folder's subfolders (or an Apple Photos library's albums, the Places view's countries,
 * regions and cities, the People view's people), as tiles above the photos.
 * A tile shows what the entry is (its icon: folder, album, smart album, shared album), how many
 * photos it holds and its first photo; it opens with a click or Enter, as an album does in
 * Photos, and its ↗ link opens the folder in a new tab (the URL hash carries the folder, so that
 * tab lands on it).
 *
 * Counts and covers cost the server a directory read or a query each, so a tile asks for its
 * summary only once it is in view, a few at a time: a folder of a thousand folders stays quick.
 */

import { el } from '../dom.js';
import { formatInteger, formatPhotoCount } from '../format.js';
import { icons } from '../icons.js';
import { folderHref } from '../router.js';

/** Tiles shown before a "Show all" button, so a folder of thousands of folders stays light. */
const INITIAL_LIMIT = 120;

/** Summaries asked for at once; the rest wait, so the grid's thumbnails are not held up. */
const CONCURRENT_SUMMARIES = 3;

/** What each kind of entry is called, for its tile's accessible name. */
const KIND_NAMES = { album: 'Album', smartAlbum: 'Smart album', sharedAlbum: 'Shared album', project: 'Project', folder: 'Folder', place: 'Place', person: 'Person' };

export class FolderStrip {
  #source = null;
  #folders = [];
  /** Whether the entries inside a subfolder are albums (Apple Photos) rather than folders. */
  #albums = false;
  #api;
  #onOpen;
  #onLeave;
  /** Tiles in view whose summary is not asked for yet, oldest first. */
  #waiting = [];
  #inFlight = 0;
  /** Aborts the summaries of the folders shown before. */
  #abort = new AbortController();
  #observer;

  /**
   * - api: the server's API (api.js), for the tiles' summaries and covers.
   * - onOpen(folderId): a tile was opened.
   * - onLeave(direction): an arrow key leaving the tiles, `left` from the first, `down` below
   *   them: the keyboard moves on to the sources or the grid; false when there is none to go to.
   */
  constructor({ api, onOpen, onLeave = () => false }) {
    this.#api = api;
    this.#onOpen = onOpen;
    this.#onLeave = onLeave;
    this.list = el('div', { class: 'folder-list', role: 'list', onkeydown: (event) => this.#onKeyDown(event) });
    this.element = el('section', { class: 'folder-strip', 'data-testid': 'folder-strip', 'aria-label': 'Folders', hidden: true }, this.list);
    this.#observer = new IntersectionObserver((entries) => this.#onVisible(entries), { root: this.element, rootMargin: '64px' });
  }

  /**
   * Shows the subfolders (`[{id, name, kind}]`) of a folder of `source`; `albums` when what they
   * hold in turn are albums (an Apple Photos library).
   */
  setFolders(source, folders, { albums = false } = {}) {
    this.#albums = albums;
    this.#abort.abort();
    this.#abort = new AbortController();
    this.#waiting = [];
    this.#observer.disconnect();
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
    for (const tile of tiles) this.#observer.observe(tile);
    if (hidden > 0) {
      tiles.push(el('button', { class: 'folder-more', type: 'button', onclick: () => this.#render(Infinity), text: `Show all ${formatInteger(this.#folders.length)} folders` }));
    }
    this.list.replaceChildren(...tiles);
  }

  #tile(folder) {
    const href = folderHref(this.#source, folder.id);
    const kind = KIND_NAMES[folder.kind] ? folder.kind : 'folder';
    return el(
      'div',
      {
        class: 'folder-tile',
        role: 'listitem',
        tabindex: '0',
        title: folder.name,
        'aria-label': `${KIND_NAMES[kind]} ${folder.name}`,
        'data-testid': 'folder-tile',
        'data-id': folder.id,
        'data-kind': kind,
        // The second click of a double-click lands on a tile of the folder just opened: not a wish.
        onclick: (event) => event.target.closest('a') || event.detail > 1 || this.#onOpen(folder.id),
      },
      el('span', { class: 'folder-cover', 'data-testid': 'folder-cover' }),
      el(
        'span',
        { class: 'folder-text' },
        el('span', { class: 'folder-title' }, el('span', { class: 'folder-icon', 'data-testid': 'folder-icon', html: icons[kind] }), el('span', { class: 'folder-name', 'data-testid': 'folder-name', text: folder.name })),
        el('span', { class: 'folder-count', 'data-testid': 'folder-count' }),
      ),
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

  #onVisible(entries) {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      this.#observer.unobserve(entry.target);
      this.#waiting.push(entry.target);
    }
    this.#askNext();
  }

  /** Asks for the waiting tiles' summaries, a few at a time. */
  #askNext() {
    while (this.#inFlight < CONCURRENT_SUMMARIES && this.#waiting.length > 0) {
      const tile = this.#waiting.shift();
      const source = this.#source;
      const signal = this.#abort.signal;
      this.#inFlight += 1;
      this.#api.getFolderSummary(source, tile.dataset.id, signal)
        .then((summary) => this.#showSummary(tile, source, summary))
        .catch((error) => {
          // A folder gone or unreadable keeps its plain tile; opening it says why.
          if (!this.#api.isAbort(error)) tile.querySelector('.folder-count').textContent = '';
        })
        .finally(() => {
          this.#inFlight -= 1;
          if (!signal.aborted) this.#askNext();
        });
    }
  }

  /** The count as Photos shows it under an album (a bare number), then any folders or albums inside. */
  #showSummary(tile, source, summary) {
    const parts = [];
    if (summary.count > 0 || summary.folders === 0) parts.push(formatInteger(summary.count));
    if (summary.folders > 0) {
      const noun = tile.dataset.kind === 'place' ? 'place' : this.#albums ? 'album' : 'folder';
      parts.push(`${formatInteger(summary.folders)} ${noun}${summary.folders === 1 ? '' : 's'}`);
    }
    const count = tile.querySelector('.folder-count');
    count.textContent = parts.join(' · ');
    count.title = formatPhotoCount(summary.count);
    tile.dataset.count = String(summary.count);
    if (summary.cover) {
      // A folder without photos of its own is covered by one beneath it, in the folder it names.
      const img = el('img', { alt: '', decoding: 'async', src: this.#api.thumbnailUrl(source, summary.cover.folder ?? tile.dataset.id, summary.cover) });
      // A person's tile frames their face: the region the server gives, as fractions of the photo.
      const region = summary.cover.region;
      if (region) {
        const inset = [region.y, 1 - region.x - region.width, 1 - region.y - region.height, region.x].map((part) => `${(part * 100).toFixed(2)}%`);
        img.style.setProperty('object-view-box', `inset(${inset.join(' ')})`);
        img.dataset.region = 'face';
      }
      img.addEventListener('error', () => img.remove(), { once: true });
      tile.querySelector('.folder-cover').replaceChildren(img);
    }
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
      if (next) next.focus();
      else if (event.key === 'ArrowLeft') this.#onLeave('left');
    } else if (event.key === 'ArrowDown' && this.#onLeave('down') !== false) {
      event.preventDefault();
    }
  }
}
