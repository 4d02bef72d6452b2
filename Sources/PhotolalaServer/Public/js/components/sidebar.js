/**
 * The search box over every source (its results open as the `search` source, whose folder is
 * the query, so the query in the box and in the URL is always the truth), then "Photos", every
 * photo of every source in one timeline (the `photos` source's top), then the source list:
 * one entry per local folder given to `photolala serve`, then Apple Photos,
 * the cloud backup and Photolala's albums (AlbumList). Entries are plain links to the source's root, so middle-click opens a tab;
 * sources that are not set up say so right in the list; the Cloud source says when its catalog
 * was last synced (or that it is offline) and has a button to sync now. At the bottom, the Cloud
 * Backup settings.
 */

import { el } from '../dom.js';
import { formatPhotoCount, formatSince } from '../format.js';
import { icons } from '../icons.js';
import { folderHref, navigate } from '../router.js';

/** The source the server lists search results under; the list does not show it. */
export const SEARCH_SOURCE = 'search';

/** The timelines ("Photos": every photo of every source) come first, then the sources by kind. */
const SECTIONS = [
  { title: 'Library', kinds: ['timeline'], icon: icons.timeline },
  { title: 'Folders', kinds: ['local'], icon: icons.disk },
  { title: 'Apple Photos', kinds: ['applePhotos'], icon: icons.photos },
  { title: 'Cloud', kinds: ['cloud'], icon: icons.cloud },
  { title: 'Albums', kinds: ['albums'], icon: icons.album },
  { title: 'Browse', kinds: ['places', 'people'], icons: { places: icons.place, people: icons.person } },
];

export class Sidebar {
  #links = new Map(); // source id → link

  #albumList;
  #cloudLine = null; // the Cloud source's sync line, when the cloud is configured
  #cloudSync = null;
  #onSync;
  #onLeave;

  /**
   * - onCloudSettings(): open the Cloud Backup settings panel.
   * - onSync(): sync the cloud catalog now.
   * - onLeave(): ArrowRight on a source: the keyboard moves on to the open folder's tiles or photos.
   * - albumList: the albums (AlbumList), shown under the Albums source.
   */
  constructor({ onCloudSettings, onSync, onLeave = () => {}, albumList }) {
    this.#onSync = onSync;
    this.#albumList = albumList;
    this.#onLeave = onLeave;
    // "synced 5 min ago" ages: redraw it every minute.
    setInterval(() => this.#cloudSync && this.setCloudSync(this.#cloudSync), 60_000);
    // A remote's arrows: up and down the sources, right into the open folder.
    this.list = el('nav', { class: 'sidebar-sources', 'aria-label': 'Sources', onkeydown: (event) => this.#onKeyDown(event) });
    this.search = el('input', {
      class: 'sidebar-search',
      type: 'search',
      'data-testid': 'search',
      placeholder: 'Search all photos',
      'aria-label': 'Search all photos',
      title: 'Search every source (/ or Ctrl+K): words, "phrases", -word, place:, camera:, person:, keyword:, kind:, date:…',
      spellcheck: 'false',
      autocomplete: 'off',
      enterkeyhint: 'search',
      onkeydown: (event) => {
        if (event.key === 'Enter') {
          const query = this.search.value.trim();
          if (query) navigate(SEARCH_SOURCE, query);
        } else if (event.key === 'Escape' && this.search.value !== '') {
          event.stopPropagation();
          this.search.value = '';
        }
      },
    });
    this.element = el(
      'div',
      { class: 'sidebar', 'data-testid': 'sidebar' },
      el('div', { class: 'sidebar-brand' }, el('span', { class: 'sidebar-logo', 'aria-hidden': 'true' }), 'Photolala'),
      el('search', { class: 'sidebar-search-box' }, this.search),
      this.list,
      el('button', {
        class: 'sidebar-action',
        type: 'button',
        'data-testid': 'cloud-settings-open',
        html: icons.cloud,
        onclick: onCloudSettings,
      }, el('span', { text: 'Cloud Backup…' })),
    );
  }

  /** Lists `sources` (from `GET /api/sources`), grouped by kind. */
  setSources(sources) {
    this.#links.clear();
    this.#cloudLine = null;
    const sections = SECTIONS.map(({ title, kinds, icon, icons: byKind }) => {
      const members = sources.filter((source) => kinds.includes(source.kind));
      if (members.length === 0) return null;
      const albums = kinds.includes('albums');
      const heading = el('h2', { class: 'sidebar-heading', text: title }, albums ? this.#albumList.newButton : null);
      return el('section', { class: 'sidebar-section' }, heading, ...members.map((source) => this.#entry(source, byKind?.[source.kind] ?? icon)), albums ? this.#albumList.element : null);
    });
    const others = sources.filter((source) => source.id !== SEARCH_SOURCE && !SECTIONS.some(({ kinds }) => kinds.includes(source.kind)));
    if (others.length > 0) sections.push(el('section', { class: 'sidebar-section' }, el('h2', { class: 'sidebar-heading', text: 'Other' }), ...others.map((source) => this.#entry(source, icons.folder))));
    this.list.replaceChildren(...sections.filter(Boolean));
  }

  /**
   * Shows the cloud catalog's sync (`GET /api/cloud/sync` or a `cloud-sync` event) under the Cloud
   * source: "Syncing… 40%", "1,234 photos · synced 5 min ago", or, offline, the date of the
   * catalog still shown.
   */
  setCloudSync(sync) {
    this.#cloudSync = sync;
    if (!this.#cloudLine) return;
    const { state } = sync;
    const since = formatSince(state.lastSyncDate);
    let text;
    let condition = 'synced';
    if (sync.syncing) {
      text = `Syncing… ${Math.round((sync.progress?.fraction ?? 0) * 100)}%`;
      condition = 'syncing';
    } else if (state.error) {
      condition = state.isOffline ? 'offline' : 'failed';
      text = `${state.isOffline ? 'Offline' : 'Sync failed'} · ${since ? `catalog synced ${since}` : 'never synced'}`;
    } else {
      text = since ? `${formatPhotoCount(state.photoCount)} · synced ${since}` : 'Not synced yet';
    }
    this.#cloudLine.text.textContent = text;
    this.#cloudLine.text.title = state.error ?? text;
    this.#cloudLine.element.dataset.state = condition;
    this.#cloudLine.button.disabled = sync.syncing;
  }

  /** Highlights the open source. */
  /** Moves the keyboard focus to the open source's entry (else the first); false when none is listed. */
  focusCurrent() {
    const links = [...this.list.querySelectorAll('.source-item')];
    const link = links.find((candidate) => candidate.getAttribute('aria-current') === 'page') ?? links[0];
    link?.focus();
    return link != null;
  }

  #onKeyDown(event) {
    if (!event.target.matches?.('.source-item') || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const links = [...this.list.querySelectorAll('.source-item')];
      const index = links.indexOf(event.target) + (event.key === 'ArrowDown' ? 1 : -1);
      links[Math.max(0, Math.min(links.length - 1, index))].focus();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      this.#onLeave();
    }
  }

  setCurrent(sourceId) {
    for (const [id, link] of this.#links) {
      if (id === sourceId) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    }
  }

  #entry(source, icon) {
    const link = el(
      'a',
      {
        class: 'source-item',
        href: folderHref(source.id, source.configured ? source.rootFolder ?? '~' : null),
        'data-testid': 'source-item',
        'data-source': source.id,
        'data-configured': String(source.configured),
        title: source.configured ? source.name : `${source.name}: not configured`,
      },
      el('span', { class: 'source-icon', html: icon }),
      el('span', { class: 'source-name', text: source.name }),
      source.configured ? null : el('span', { class: 'source-badge', text: 'Not configured' }),
    );
    this.#links.set(source.id, link);
    if (source.kind !== 'cloud' || !source.configured) return link;
    const text = el('span', { class: 'cloud-sync-text', 'data-testid': 'cloud-sync-status', text: 'Checking the cloud catalog…' });
    const button = el('button', { class: 'cloud-sync-button', type: 'button', 'data-testid': 'cloud-sync-now', title: 'Sync the cloud catalog now', 'aria-label': 'Sync now', text: '↻', onclick: () => this.#onSync() });
    this.#cloudLine = { element: el('div', { class: 'cloud-sync-line' }, text, button), text, button };
    if (this.#cloudSync) queueMicrotask(() => this.setCloudSync(this.#cloudSync));
    return [link, this.#cloudLine.element];
  }
}
