/**
 * Which of the open folder's photos the grid shows: "not backed up yet" (photos without the
 * backed-up badge, the star queue's or the cloud catalog's, where photos can be starred), and the
 * search field's match: the ids the source found (Apple Photos: titles, file names, keywords)
 * or, elsewhere, the file names that contain the text, in any case and Unicode normalisation.
 */

import { can, searchKey } from '../app-state.js';

/** The pause in typing after which a source that searches is asked. */
const SEARCH_DELAY_MS = 250;

export class FilterController {
  #store;
  #api;
  #settings;
  #grid;
  #selection;
  #banner;
  #searchTimer = 0;
  #searchRequest = null;

  /**
   * - store, api, settings: the page's store, the server's API and the display settings.
   * - grid, selection: what shows the filtered list; banner: where a failed search says why.
   */
  constructor({ store, api, settings, grid, selection, banner }) {
    this.#store = store;
    this.#api = api;
    this.#settings = settings;
    this.#grid = grid;
    this.#selection = selection;
    this.#banner = banner;
  }

  /** Sets the open list's filter from the settings and the search. */
  apply() {
    const state = this.#store.state;
    const keeps = [];
    if (this.#settings.get('filter') === 'notBackedUp' && can(state, 'star')) keeps.push((item) => this.#grid.badges.stateOf(item.id) !== 'backedUp');
    const { text, ids } = state.search;
    if (ids) {
      keeps.push((item) => ids.has(item.id));
    } else if (text && !can(state, 'search')) {
      const wanted = searchKey(text);
      keeps.push((item) => (item.searchKey ??= searchKey(item.name)).includes(wanted));
    }
    state.list.setFilter(keeps.length === 0 ? null : (item) => keeps.every((keep) => keep(item)));
  }

  /** After the filter changed: the grid, the selection (of what is still shown) and the counts. */
  show() {
    this.apply();
    const { list, session } = this.#store.state;
    this.#grid.itemsChanged();
    this.#selection.retain(list);
    this.#store.set({ progress: { count: list.length, complete: session?.complete ?? true } });
  }

  /** The search field changed: a name filter at once, or the source's search after a pause in typing. */
  setSearch(text) {
    clearTimeout(this.#searchTimer);
    this.#searchRequest?.abort();
    this.#searchRequest = null;
    const wanted = text.trim();
    this.#store.set({ search: { text: wanted, ids: null } });
    if (wanted === '' || !can(this.#store.state, 'search')) {
      this.show();
      return;
    }
    this.#searchTimer = setTimeout(async () => {
      const request = (this.#searchRequest = new AbortController());
      const { source, folder } = this.#store.state;
      try {
        const ids = await this.#api.searchItemIds(source.id, folder, wanted, request.signal);
        if (request !== this.#searchRequest) return;
        this.#store.set({ search: { text: wanted, ids } });
        this.show();
      } catch (error) {
        if (!this.#api.isAbort(error)) this.#banner.show(error.message);
      }
    }, SEARCH_DELAY_MS);
  }
}
