/**
 * The map of a search's geotagged photos: Leaflet and its marker-cluster plugin (vendored from
 * Debian's packages under vendor/, and loaded the first time a map opens, so a page that never
 * shows one never loads them) over the offline Natural Earth basemap, with the tiles of the tile
 * server the settings name drawn over it when there is one. A marker shows its photo's thumbnail and opens the photo; "Select area" turns
 * the next drag into a box, which the controller writes into the query as `area:`.
 */

import { el } from '../dom.js';
import { formatInteger, formatPhotoCount } from '../format.js';
import { icons } from '../icons.js';
import { queryArea } from '../map-area.js';
import { isTileUrl } from '../settings.js';

/** Classic scripts (they set `window.L`), in order: the plugin extends what Leaflet defines. */
const SCRIPTS = ['vendor/leaflet/leaflet.min.js', 'vendor/leaflet.markercluster/leaflet.markercluster.min.js'];
const IMAGES = 'vendor/leaflet/images/';
const STYLES = ['vendor/leaflet/leaflet.css', 'vendor/leaflet.markercluster/MarkerCluster.css', 'vendor/leaflet.markercluster/MarkerCluster.Default.css'];

/** The offline basemap's credit: Natural Earth is in the public domain, and credited all the same. */
const BASEMAP_ATTRIBUTION = 'Natural Earth';

/** The pane the basemap is drawn in, under the tiles' pane, so tiles cover it once they come. */
const BASEMAP_PANE = 'basemap';

/** How far the map zooms in to show the photos found: a city, not a street, unless tiles are set. */
const FIT_MAX_ZOOM = { basemap: 8, tiles: 15 };

let leafletLoaded = null;

/** Loads Leaflet, the plugin and their stylesheets once; resolves to `L`. A failed load is tried again next time. */
function loadLeaflet() {
  const failed = () => new Error('The map could not be loaded. Reload the page to try again.');
  const loaded = (element) =>
    new Promise((resolve, reject) => {
      element.addEventListener('load', resolve);
      element.addEventListener('error', () => reject(failed()));
      document.head.append(element);
    });
  leafletLoaded ??= (async () => {
    // The stylesheets first: Leaflet sizes its panes and finds its marker images by them.
    await Promise.all(STYLES.map((href) => loaded(el('link', { rel: 'stylesheet', href }))));
    for (const src of SCRIPTS) await loaded(el('script', { src }));
    window.L.Icon.Default.imagePath = IMAGES;
    return window.L;
  })().catch((error) => {
    leafletLoaded = null;
    throw error;
  });
  return leafletLoaded;
}

/** `text` as HTML that shows it as it is: Leaflet writes attributions as HTML. */
function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

export class PhotoMap {
  #api;
  #settings;
  #thumbnailUrl;
  #onOpen;
  #onArea;
  #onClearArea;
  /** Leaflet, its map, the marker clusters, the base layer and the drawn box, once loaded. */
  #leaflet = null;
  #map = null;
  #clusters = null;
  #tiles = null;
  #land = null;
  #areaBox = null;
  #icon = null;
  /** The clusters' fill under way: resolved once every marker is placed. */
  #adding = Promise.resolve();
  #added = null;
  #summary = '';
  /** The drag of "Select area": its first corner and the box drawn so far. */
  #drag = null;
  #shown = 0;

  /**
   * - api: the server's API (api.js), for the basemap.
   * - settings: the page's Settings (the tile server).
   * - thumbnailUrl(id): the address of a found photo's thumbnail.
   * - onOpen(id, {latitude, longitude}): open the photo a marker stands for, taken there.
   * - onArea({south, west, north, east}): a box was drawn (degrees, as the map gives them).
   * - onClearArea(): take the query's box away.
   */
  constructor({ api, settings, thumbnailUrl, onOpen, onArea, onClearArea }) {
    this.#api = api;
    this.#settings = settings;
    this.#thumbnailUrl = thumbnailUrl;
    this.#onOpen = onOpen;
    this.#onArea = onArea;
    this.#onClearArea = onClearArea;
    this.count = el('span', { class: 'map-count', 'data-testid': 'map-count', 'aria-live': 'polite' });
    this.selectButton = el('button', {
      class: 'tool map-tool',
      type: 'button',
      'data-testid': 'map-select-area',
      title: 'Drag a box on the map: the search keeps the photos inside it',
      'aria-pressed': 'false',
      html: icons.area,
      onclick: () => this.#setSelecting(this.selectButton.getAttribute('aria-pressed') !== 'true'),
    }, el('span', { text: 'Select area' }));
    this.clearAreaButton = el('button', {
      class: 'tool map-tool', type: 'button', 'data-testid': 'map-clear-area', title: 'Take the box out of the search', hidden: true, text: 'Clear area', onclick: () => this.#onClearArea(),
    });
    this.settingsButton = el('button', {
      class: 'tool map-tool', type: 'button', 'data-testid': 'map-settings-button', title: 'Map settings: a tile server for street maps', 'aria-label': 'Map settings', 'aria-expanded': 'false', html: icons.settings,
      onclick: () => this.#toggleSettings(),
    });
    this.form = this.#settingsForm();
    this.canvas = el('div', { class: 'map-canvas', 'data-testid': 'map', 'aria-label': 'Map of the photos found' });
    this.element = el(
      'div',
      { class: 'photo-map' },
      el('div', { class: 'map-bar' }, this.selectButton, this.clearAreaButton, this.count, el('span', { class: 'map-bar-space' }), this.settingsButton),
      this.form,
      this.canvas,
    );
    settings.onChange((changed) => {
      if ('tileUrl' in changed || 'tileAttribution' in changed) this.#applyBase();
    });
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && this.#drag !== null) this.#setSelecting(false);
    });
  }

  /** Says the points are on their way. */
  showLoading() {
    this.count.textContent = 'Finding the photos with a place…';
    delete this.canvas.dataset.points;
  }

  /** Says why the points could not be read. */
  showError(message) {
    const shown = ++this.#shown;
    this.count.textContent = message;
    this.canvas.dataset.points = '0';
    this.#adding.then(() => shown === this.#shown && this.#clusters?.clearLayers());
  }

  /**
   * Shows `points` (`{count, capped, limit, fields, points: [[id, latitude, longitude]]}` from
   * `GET /api/search/points`) of `query`, clustered, and the query's box; the map then fits them.
   * The clusters are filled a chunk at a time (100,000 points take seconds), the bar counting.
   */
  async show(query, points) {
    const shown = ++this.#shown;
    const L = await loadLeaflet();
    if (shown !== this.#shown) return;
    this.#ensureMap(L);
    // A fill under way cannot be stopped: clearing the clusters meanwhile would leave its rest.
    await this.#adding;
    if (shown !== this.#shown) return;
    this.#map.invalidateSize();
    this.#clusters.clearLayers();
    const markers = points.points.map(([id, latitude, longitude]) => {
      const marker = L.marker([latitude, longitude], { icon: this.#icon, keyboard: false });
      marker.on('click', () => this.#openPopup(marker, id));
      return marker;
    });
    const area = queryArea(query);
    this.#drawArea(area);
    this.clearAreaButton.hidden = area == null;
    this.#summary = points.capped
      ? `The newest ${formatInteger(points.limit)} photos with a place (of more)`
      : markers.length === 0 ? 'None of the photos found has a place' : `${formatPhotoCount(markers.length)} with a place`;
    this.#adding = new Promise((resolve) => {
      this.#added = { shown, resolve };
    });
    this.#clusters.addLayers(markers); // the first chunk now, the rest after it (#placed)
    this.canvas.dataset.points = String(markers.length);
    // The box drawn, which holds every point; else the points (not the clusters, which are
    // filled a chunk at a time).
    const bounds = this.#areaBox?.getBounds() ?? (markers.length > 0 ? L.latLngBounds(points.points.map(([, latitude, longitude]) => [latitude, longitude])) : null);
    this.#fit(bounds);
  }

  /** The clusters' fill went on: the bar counts it, and says what the map shows once it is done. */
  #placed(processed, total) {
    const added = this.#added;
    if (!added) return;
    const current = added.shown === this.#shown;
    if (processed < total) {
      if (current) this.count.textContent = `Placing ${formatInteger(processed)} of ${formatInteger(total)} photos…`;
      return;
    }
    this.#added = null;
    if (current) this.count.textContent = this.#summary;
    added.resolve();
  }

  /** Stops a box being drawn (the map was left). */
  hide() {
    this.#setSelecting(false);
    this.#map?.closePopup();
  }

  #ensureMap(L) {
    if (this.#map) return;
    this.#leaflet = L;
    this.#icon = new L.Icon.Default({ className: 'map-photo' });
    this.#map = L.map(this.canvas, { worldCopyJump: true, minZoom: 1, maxZoom: 18, zoomSnap: 0.5 }).setView([20, 0], 2);
    this.#map.attributionControl.setPrefix('Leaflet');
    this.#clusters = L.markerClusterGroup({
      chunkedLoading: true,
      chunkProgress: (processed, total) => this.#placed(processed, total),
      showCoverageOnHover: false,
      iconCreateFunction: (cluster) => {
        const count = cluster.getChildCount();
        const size = count < 10 ? 'small' : count < 100 ? 'medium' : 'large';
        return L.divIcon({
          html: `<div><span data-testid="map-cluster" data-count="${count}">${formatInteger(count)}</span></div>`,
          className: `marker-cluster marker-cluster-${size}`,
          iconSize: L.point(40, 40),
        });
      },
    });
    this.#map.addLayer(this.#clusters);
    this.#map.on('mousedown', (event) => this.#dragStart(event));
    this.#map.on('mousemove', (event) => this.#dragMove(event));
    this.#map.on('mouseup', (event) => this.#dragEnd(event));
    this.#applyBase();
  }

  /**
   * The offline basemap, always, in a pane of its own below the tiles; over it, the tile server
   * of the settings when there is one. Tiles that do not come (no network) leave the basemap
   * showing.
   */
  async #applyBase() {
    const L = this.#leaflet;
    if (!L) return;
    const url = this.#settings.get('tileUrl');
    this.#tiles?.remove();
    this.#tiles = null;
    if (url && isTileUrl(url)) {
      const attribution = escapeHtml(this.#settings.get('tileAttribution'));
      this.#tiles = L.tileLayer(url, { attribution, maxZoom: 19 }).addTo(this.#map);
    }
    if (this.#land) return;
    let basemap;
    try {
      basemap = await this.#api.getBasemap();
    } catch (error) {
      console.warn('The basemap could not be read:', error.message);
      return;
    }
    if (this.#land) return;
    if (!this.#map.getPane(BASEMAP_PANE)) this.#map.createPane(BASEMAP_PANE).style.zIndex = '150'; // below the tiles' 200
    this.#land = L.geoJSON(basemap, {
      pane: BASEMAP_PANE,
      renderer: L.svg({ pane: BASEMAP_PANE }),
      interactive: false,
      style: { className: 'map-land', weight: 0.8 },
      attribution: BASEMAP_ATTRIBUTION,
    }).addTo(this.#map);
  }

  #fit(bounds) {
    if (!bounds?.isValid()) {
      this.#map.setView([20, 0], 2);
      return;
    }
    const maxZoom = this.#settings.get('tileUrl') ? FIT_MAX_ZOOM.tiles : FIT_MAX_ZOOM.basemap;
    this.#map.fitBounds(bounds, { padding: [40, 40], maxZoom });
  }

  /** The query's box, drawn where it is: one across the antimeridian runs east past 180°. */
  #drawArea(area) {
    this.#areaBox?.remove();
    this.#areaBox = null;
    if (!area) return;
    const east = area.east < area.west ? area.east + 360 : area.east;
    this.#areaBox = this.#leaflet.rectangle([[area.south, area.west], [area.north, east]], { className: 'map-area', interactive: false }).addTo(this.#map);
  }

  #openPopup(marker, id) {
    const { lat, lng } = marker.getLatLng();
    const open = () => this.#onOpen(id, { latitude: lat, longitude: lng });
    const content = el(
      'div',
      { class: 'map-popup', 'data-testid': 'map-popup' },
      el('img', { class: 'map-popup-thumbnail', 'data-testid': 'map-popup-thumbnail', src: this.#thumbnailUrl(id), alt: 'Photo', onclick: open }),
      el('button', { class: 'map-popup-open', type: 'button', 'data-testid': 'map-open', text: 'Open', onclick: open }),
    );
    marker.unbindPopup().bindPopup(content, { minWidth: 200, maxWidth: 240 }).openPopup();
  }

  #setSelecting(selecting) {
    this.selectButton.setAttribute('aria-pressed', String(selecting));
    this.canvas.classList.toggle('is-selecting', selecting);
    this.#drag?.box?.remove();
    this.#drag = selecting ? { start: null, box: null } : null;
    if (!this.#map) return;
    if (selecting) this.#map.dragging.disable();
    else this.#map.dragging.enable();
  }

  #dragStart(event) {
    if (this.#drag === null || event.originalEvent.button !== 0) return;
    this.#drag.start = event.latlng;
  }

  #dragMove(event) {
    const drag = this.#drag;
    if (!drag?.start) return;
    const bounds = [drag.start, event.latlng];
    if (drag.box) drag.box.setBounds(bounds);
    else drag.box = this.#leaflet.rectangle(bounds, { className: 'map-area is-drawing', interactive: false }).addTo(this.#map);
  }

  #dragEnd(event) {
    const drag = this.#drag;
    if (!drag?.start) return;
    const [a, b] = [drag.start, event.latlng];
    this.#setSelecting(false);
    if (a.equals(b)) return; // a click, not a box
    this.#onArea({ south: Math.min(a.lat, b.lat), west: Math.min(a.lng, b.lng), north: Math.max(a.lat, b.lat), east: Math.max(a.lng, b.lng) });
  }

  #toggleSettings(open = this.form.hidden) {
    this.form.hidden = !open;
    this.settingsButton.setAttribute('aria-expanded', String(open));
    if (!open) return;
    this.form.elements.tileUrl.value = this.#settings.get('tileUrl');
    this.form.elements.tileAttribution.value = this.#settings.get('tileAttribution');
    this.form.querySelector('.map-settings-error').textContent = '';
    this.form.elements.tileUrl.focus();
  }

  /** The tile server's URL and credit; an empty URL is the offline basemap. */
  #settingsForm() {
    const error = el('p', { class: 'map-settings-error', 'data-testid': 'map-settings-error', role: 'alert' });
    const form = el(
      'form',
      {
        class: 'map-settings',
        'data-testid': 'map-settings',
        hidden: true,
        onsubmit: (event) => {
          event.preventDefault();
          const tileUrl = form.elements.tileUrl.value.trim();
          const tileAttribution = form.elements.tileAttribution.value.trim();
          if (!isTileUrl(tileUrl)) {
            error.textContent = 'Write an http or https address with {z}, {x} and {y} in it, or leave it empty for the offline map.';
            return;
          }
          this.#settings.set({ tileUrl, tileAttribution });
          this.#toggleSettings(false);
        },
      },
      el('label', { class: 'map-settings-field' }, el('span', { text: 'Tile server' }), el('input', {
        name: 'tileUrl', type: 'text', inputmode: 'url', 'data-testid': 'map-tile-url', placeholder: 'https://tiles.example.org/{z}/{x}/{y}.png', spellcheck: 'false', autocomplete: 'off',
      })),
      el('label', { class: 'map-settings-field' }, el('span', { text: 'Attribution' }), el('input', {
        name: 'tileAttribution', type: 'text', 'data-testid': 'map-tile-attribution', placeholder: '© OpenStreetMap contributors', autocomplete: 'off',
      })),
      el('p', { class: 'map-settings-note', text: 'Empty: the offline map of countries. A tile server sees which places you look at.' }),
      error,
      el('div', { class: 'map-settings-actions' },
        el('button', { class: 'button secondary', type: 'button', text: 'Cancel', onclick: () => this.#toggleSettings(false) }),
        el('button', { class: 'button', type: 'submit', 'data-testid': 'map-settings-save', text: 'Save' }),
      ),
    );
    return form;
  }
}
