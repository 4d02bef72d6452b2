/**
 * The map of a search, `#/map/QUERY`: every geotagged photo the query finds, in place of the grid.
 * The toolbar's map button goes between a search's grid and its map. A box drawn on the map
 * becomes the query's `area:` term, edited in the search box's text as a facet chip edits it,
 * and the map searches again; a marker's photo opens in the search's grid and preview.
 */

import { SEARCH_SOURCE } from '../components/sidebar.js';
import { areaTerm, withArea, withoutArea } from '../map-area.js';
import { navigate } from '../router.js';

/** Half the side of the box around a marker's photo that finds it when the grid's newest do not: about 11 m. */
const NEARBY_DEGREES = 0.0001;

/** The first part of a map's address, where a source's id goes in a folder's. */
export const MAP_ROUTE = 'map';

export class MapController {
  #deps;
  /** The query the map shows, or null when it is not shown. */
  #query = null;
  #request = null;
  /**
   * A photo to open in the preview once the search's grid lists it: `{query, id, nearby}`, where
   * `nearby` is the query narrowed to where it was taken, opened when the grid's newest 20,000
   * do not hold it.
   */
  #pendingPreview = null;

  /**
   * - store, api: the page's store and the server's API.
   * - app: the page's root element; toolbar, sidebar, status: the bars around the map.
   * - photoMap: the PhotoMap component.
   * - openPreview(id): opens a photo of the open folder in the preview.
   */
  constructor(deps) {
    this.#deps = deps;
    deps.store.subscribe((state, keys) => {
      if (keys.has('source') || keys.has('folder')) this.#showButton();
      const pending = this.#pendingPreview;
      if (!pending) return;
      const opened = state.source?.id === SEARCH_SOURCE && state.folder === pending.query;
      if (opened && state.list.has(pending.id)) {
        this.#pendingPreview = null;
        deps.openPreview(pending.id);
      } else if (opened && keys.has('listed') && state.listed && pending.nearby) {
        // The grid's newest 20,000 do not hold the photo: the photos taken where it was do.
        this.#pendingPreview = { query: pending.nearby, id: pending.id, nearby: null };
        navigate(SEARCH_SOURCE, pending.nearby);
      } else if (((keys.has('source') || keys.has('folder')) && !opened) || (opened && keys.has('listed') && state.listed)) {
        // Another place opened, or even the nearby search does not hold the photo: forget it.
        this.#pendingPreview = null;
      }
    });
  }

  /** The query the map shows, or null while it is not shown. */
  get query() {
    return this.#query;
  }

  /** Shows the map of `query` in place of the grid (the open folder was closed first). */
  async open(query) {
    const { api, app, toolbar, status, photoMap } = this.#deps;
    this.#request?.abort();
    this.#query = query;
    app.classList.add('shows-map');
    toolbar.setControlsEnabled(false);
    toolbar.breadcrumb.set(MAP_ROUTE, [{ id: query, name: query ? `Map: ${query}` : 'Map' }]);
    toolbar.setCanGoUp(false);
    status.clear();
    document.title = `Map: ${query} — Photolala`;
    this.#showButton();
    photoMap.showLoading();
    const request = (this.#request = new AbortController());
    let points;
    try {
      points = await api.getSearchPoints(query, request.signal);
    } catch (error) {
      if (!api.isAbort(error)) photoMap.showError(error.message);
      return;
    }
    if (request.signal.aborted || this.#query !== query) return;
    try {
      await photoMap.show(query, points);
    } catch (error) {
      photoMap.showError(error.message); // Leaflet's files could not be loaded
    }
  }

  /** Puts the grid back (another location opened). */
  close() {
    if (this.#query === null) return;
    this.#request?.abort();
    this.#query = null;
    this.#deps.app.classList.remove('shows-map');
    this.#deps.photoMap.hide();
    this.#deps.toolbar.setControlsEnabled(true);
    this.#showButton();
  }

  /** The toolbar's map button: from a search's grid to its map, and back. */
  toggle() {
    const { store } = this.#deps;
    if (this.#query !== null) navigate(SEARCH_SOURCE, this.#query);
    else if (store.state.source?.id === SEARCH_SOURCE) navigate(MAP_ROUTE, store.state.folder ?? '');
  }

  /**
   * Opens a marker's photo, taken at `{latitude, longitude}`: the search's grid, then the photo in
   * the preview once listed; when the grid's newest 20,000 do not hold it, the search narrowed to
   * a box of some twenty metres around where it was taken.
   */
  openPhoto(id, { latitude, longitude }) {
    if (this.#query === null) return;
    const margin = NEARBY_DEGREES;
    const box = { south: latitude - margin, west: longitude - margin, north: latitude + margin, east: longitude + margin };
    this.#pendingPreview = { query: this.#query, id, nearby: withArea(this.#query, areaTerm(box)) };
    navigate(SEARCH_SOURCE, this.#query);
  }

  /** A box was drawn: the search box's query gets it as its `area:` term, and is searched. */
  selectArea(bounds) {
    this.#search(withArea(this.#typedQuery(), areaTerm(bounds)));
  }

  /** Takes the box out of the query. */
  clearArea() {
    this.#search(withoutArea(this.#typedQuery()));
  }

  /** The query as the search box says it (the box's text is the truth), else the map's. */
  #typedQuery() {
    return this.#deps.sidebar.search.value.trim() || (this.#query ?? '');
  }

  #search(query) {
    this.#deps.sidebar.search.value = query;
    navigate(MAP_ROUTE, query);
  }

  #showButton() {
    const { store, toolbar } = this.#deps;
    toolbar.setMap({ visible: this.#query !== null || store.state.source?.id === SEARCH_SOURCE, shown: this.#query !== null });
  }
}
