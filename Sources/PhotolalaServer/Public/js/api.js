/**
 * The only module that talks to the server: the JSON endpoints, image bytes and the event stream.
 * URLs are relative, so the UI also works when the server is mounted under a path prefix.
 */

import { openEventStream } from './event-stream.js';

/**
 * A failed request, carrying the server's message (written for the user), the HTTP status and,
 * where the server gives one, a `reason` the page acts on (`inDeepArchive`, `inICloud`).
 */
export class ApiError extends Error {
  constructor(message, status, reason = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.reason = reason;
  }
}

/** Whether `error` only means that the caller aborted the request. */
export function isAbort(error) {
  return error?.name === 'AbortError';
}

const folderPath = (source, folder) =>
  `api/sources/${encodeURIComponent(source)}/folders/${encodeURIComponent(folder)}`;

const itemPath = (source, folder, id) => `${folderPath(source, folder)}/items/${encodeURIComponent(id)}`;

/** Answers on their way to GET requests not made yet, by address (see `prefetchFolder`). */
const prefetched = new Map();

async function request(url, { signal, as = 'json', method = 'GET', body, headers: extra = {} } = {}) {
  let response;
  const headers = { Accept: as === 'json' ? 'application/json' : '*/*', ...extra };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const early = method === 'GET' ? prefetched.get(url) : undefined;
  prefetched.delete(url);
  try {
    response = await (early ?? fetch(url, { signal, method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
    signal?.throwIfAborted();
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError('Photolala is not reachable. Is “photolala serve” still running?', 0);
  }
  if (!response.ok) {
    const { message, reason } = await errorBody(response);
    throw new ApiError(message, response.status, reason);
  }
  if (as === 'bytes') return response.arrayBuffer();
  return as === 'blob' ? response.blob() : response.json();
}

/** The server's `{"error": …, "reason": …}`, or the status line when the body is not that. */
async function errorBody(response) {
  try {
    const body = await response.json();
    const reason = typeof body?.reason === 'string' ? body.reason : null;
    if (typeof body?.error === 'string' && body.error) return { message: body.error, reason };
  } catch {
    // Not JSON: fall through to the status line.
  }
  return { message: `The server answered ${response.status} ${response.statusText}`.trim() + '.', reason: null };
}

/**
 * Asks for a folder and its first photos before the page knows its sources, so that the answers
 * arrive while it sets itself up; the folder's session then takes them instead of asking again.
 * What no request took by `dropPrefetched()` is forgotten, so nothing answers later from an old
 * listing.
 */
export function prefetchFolder(source, folder, firstPage, sort) {
  const urls = [folderPath(source, folder), itemsPath(source, folder, 0, firstPage)];
  if (sort === 'date-asc' || sort === 'date-desc') urls.push(firstItemsPath(source, folder, sort, firstPage));
  for (const url of urls) {
    prefetched.set(url, fetch(url, { headers: { Accept: 'application/json' } }));
  }
}

export function dropPrefetched() {
  prefetched.clear();
}

/** Every source, configured or not: `[{id, kind, name, configured, rootFolder?, message?}]`. */
export async function getSources(signal) {
  const body = await request('api/sources', { signal });
  return body.sources;
}

/** One folder: `{id, name, kind, breadcrumb: [{id, name}], folders: [{id, name, kind}]}`. */
export function getFolder(source, folder, signal) {
  return request(folderPath(source, folder), { signal });
}

/** A subfolder's tile: `{count, folders, cover: {id, version}}` (no cover when it has no photo). */
export function getFolderSummary(source, folder, signal) {
  return request(`${folderPath(source, folder)}/summary`, { signal });
}

/**
 * Photos of a folder listed so far from `offset` on, at most `limit` of them (all there are with
 * none): `{count, complete, offset, fields, items: [[…]]}`.
 */
export function getItems(source, folder, offset, signal, limit = null) {
  return request(itemsPath(source, folder, offset, limit), { signal });
}

/**
 * The first `limit` photos in `sort` order (`date-asc` or `date-desc`) that the server can read
 * ahead of the folder's listing (an Apple Photos library's date index), as a page of rows; none
 * when it cannot, or once the listing is complete.
 */
export function getFirstItems(source, folder, sort, limit, signal) {
  return request(firstItemsPath(source, folder, sort, limit), { signal });
}

const firstItemsPath = (source, folder, sort, limit) => `${folderPath(source, folder)}/items?first=${encodeURIComponent(sort)}&limit=${limit}`;

/** The ids of the folder's photos whose title, file name or keyword contains `text` (sources that search). */
export async function searchItemIds(source, folder, text, signal) {
  const page = await request(`${folderPath(source, folder)}/items?search=${encodeURIComponent(text)}`, { signal });
  const at = (page.fields ?? ['id']).indexOf('id');
  return new Set(page.items.map((row) => String(row[at])));
}

const itemsPath = (source, folder, offset, limit) =>
  `${folderPath(source, folder)}/items?offset=${offset}${limit == null ? '' : `&limit=${limit}`}`;

/** What the photos `query` finds have in common: `{years, countries, cities, cameras, people, kinds, keywords}`, each `[{term, label, count}]`. */
export function getSearchFacets(query, signal) {
  return request(`api/search/facets?q=${encodeURIComponent(query)}`, { signal });
}

/**
 * Where the geotagged photos `query` finds were taken, newest first, for the map:
 * `{count, limit, capped, fields: ['id', 'latitude', 'longitude'], points: [[…]]}`, each id the
 * photo's in the search results; `capped` when there were more than `limit`.
 */
export function getSearchPoints(query, signal) {
  return request(`api/search/points?q=${encodeURIComponent(query)}`, { signal });
}

/** The offline basemap: Natural Earth's countries as GeoJSON (map/countries.geojson, made by Scripts/make-basemap.py). */
export function getBasemap(signal) {
  return request('map/countries.geojson', { signal });
}

/** A photo's metadata (EXIF, camera, GPS, dates, format, MD5); any value may be null. */
export function getMetadata(source, folder, id, signal) {
  return request(`${itemPath(source, folder, id)}/metadata`, { signal });
}

/**
 * The address of a photo's thumbnail JPEG (one size serves every cell size). It carries the
 * photo's `version`, so the browser may keep the image for good and a changed photo gets a new one.
 */
export function thumbnailUrl(source, folder, item) {
  const query = item.version == null ? '' : `?v=${encodeURIComponent(item.version)}`;
  return `${itemPath(source, folder, item.id)}/thumbnail${query}`;
}

/**
 * Loads a photo's thumbnail into the browser's cache and resolves to its address, from which an
 * image then shows it without another request. An image's own request can be neither aborted
 * nor ranked, and a Blob needs an object URL, which costs a synchronous round trip to the browser
 * process: a millisecond and more each, hundreds of them while scrolling. `priority` tells the
 * server's queue how soon it is needed (`nearVisible` for the grid's margin); it goes in a
 * header, so that the address, and the browser's cached copy, stay the same.
 */
export async function loadThumbnail(source, folder, item, signal, priority = null) {
  const url = thumbnailUrl(source, folder, item);
  const headers = priority ? { 'Photolala-Priority': priority } : {};
  await request(url, { signal, as: 'bytes', headers });
  return url;
}

/** A photo's full image as a Blob (a JPEG rendering for formats browsers cannot show). */
export function getFullImage(source, folder, id, signal) {
  return request(`${itemPath(source, folder, id)}/full`, { signal, as: 'blob' });
}

/** Where a video streams from (with Range requests) for a `<video>` element. */
export function videoUrl(source, folder, id) {
  return `${itemPath(source, folder, id)}/full`;
}

/** Where the original file of a photo downloads from, under its own name. */
export function originalUrl(source, folder, id) {
  return `${itemPath(source, folder, id)}/original`;
}

/** Where a folder's photos are exported as one ZIP: a form posts them there (`ids` per photo). */
export function exportUrl(source, folder) {
  return `${folderPath(source, folder)}/export`;
}

/** The backup states of a folder's queued photos: `{items: {id: {state, reason}}}`. */
export function getBackupBadges(source, folder, signal) {
  return request(`${folderPath(source, folder)}/backup`, { signal });
}

/**
 * Stars (or unstars) photos of a folder for backup: `{items: {id: {state, reason} | {error}}}`;
 * a photo that cannot be read gets its own error and the others are still starred.
 */
export function setStarred(source, folder, ids, starred) {
  return request('api/backup/star', { method: 'POST', body: { source, folder, ids, starred } });
}

/**
 * Edits photos' descriptions in their XMP sidecars: `edit` holds any of `rating` (0–5),
 * `colorLabel`, `title`, `description` (an empty one takes it away), `addKeywords`,
 * `removeKeywords`. Answers `{items: {id: {rating, colorLabel, title, description, keywords} | {error}}}`.
 */
export function describe(source, folder, ids, edit) {
  return request('api/describe', { method: 'POST', body: { source, folder, ids, ...edit } });
}

/** Every album and album folder: `{albums: [{id, name, isFolder, parent, photoCount}]}`, folders first, each folder's by name. */
export function getAlbums(signal) {
  return request('api/albums', { signal });
}

/** Makes an album (or, `isFolder`, an album folder) in folder `parent` (null: the top): `{id}`. */
export function createAlbum(name, parent = null, isFolder = false) {
  return request('api/albums', { method: 'POST', body: { name, parent, isFolder } });
}

const albumPath = (id) => `api/albums/${encodeURIComponent(id)}`;

export function renameAlbum(id, name) {
  return request(`${albumPath(id)}/rename`, { method: 'POST', body: { name } });
}

/** Deletes an album, or a folder with what it holds; the photos stay where they are. */
export function deleteAlbum(id) {
  return request(`${albumPath(id)}/delete`, { method: 'POST' });
}

/** Adds photos `ids` of `folder` of `source` to an album: `{count, errors: {id: message}}`. */
export function addToAlbum(id, source, folder, ids) {
  return request(`${albumPath(id)}/add`, { method: 'POST', body: { source, folder, ids } });
}

/** Takes photos (by their ids in the album's grid) out of it: `{count}`. */
export function removeFromAlbum(id, ids) {
  return request(`${albumPath(id)}/remove`, { method: 'POST', body: { ids } });
}

/** Moves photos of an album, in the order given, before photo `before` (null: to the end). */
export function orderAlbum(id, ids, before) {
  return request(`${albumPath(id)}/order`, { method: 'POST', body: { ids, before } });
}

/** Makes a photo of an album its cover. */
export function setAlbumCover(id, photo) {
  return request(`${albumPath(id)}/cover`, { method: 'POST', body: { ids: [photo] } });
}

/** The queue: `{queued, uploading, done, failed, bytesUploaded, bytesTotal, bytesPerSecond, …, configured, error}`. */
export function getBackupStatus(signal) {
  return request('api/backup/status', { signal });
}

/** Starts uploading the starred photos now; progress arrives as `backup` events. */
export function runBackup() {
  return request('api/backup/run', { method: 'POST' });
}

/** The photos whose upload failed: `{items: [{md5, name, folder, reason}]}`. */
export function getBackupFailures(signal) {
  return request('api/backup/failures', { signal });
}

/** Queues failed photos again and backs up now: `{queued: [md5]}`. */
export function retryBackup(md5s) {
  return request('api/backup/retry', { method: 'POST', body: { md5s } });
}

/** The cloud settings (`{configured, message?, endpoint, bucket, region, folder?, userID, quotaBytes, usedBytes, usageError?, accessKeyID}`). */
export function getCloud(signal) {
  return request('api/cloud', { signal });
}

/**
 * The settings the Cloud Backup panel's form edits: `{endpoint, bucket, region, userID, folder,
 * accessKeyID, hasSecret, overrides: {field: "PHOTOLALA_S3_BUCKET"…}, configured, message}`; never the secret.
 */
export function getCloudSettings(signal) {
  return request('api/cloud/settings', { signal });
}

/** Saves cloud settings (a field left out keeps its value, a blank secret the saved one); answers like `getCloudSettings`. */
export function saveCloudSettings(change) {
  return request('api/cloud/settings', { method: 'PUT', body: change });
}

/** Tries the saved cloud settings with one cheap request: `{ok, message}` saying what failed, if anything. */
export function testCloudSettings() {
  return request('api/cloud/settings/test', { method: 'POST' });
}

/** Starts a verification of the backup: `{running, done, total, problems, error}`; progress arrives as `verify` events. */
export function verifyBackup() {
  return request('api/backup/verify', { method: 'POST' });
}

/** Creates the saved settings' bucket, then tests them again; answers like `testCloudSettings`. */
export function createCloudBucket() {
  return request('api/cloud/settings/bucket', { method: 'POST' });
}

/** The cloud catalog's sync: `{syncing, progress: {fraction, status}?, state: {lastSyncDate, photoCount, isOffline, error, …}}`. */
export function getCloudSync(signal) {
  return request('api/cloud/sync', { signal });
}

/** Syncs the cloud catalog now (`force` downloads the manifest even if unchanged); progress arrives as `cloud-sync` events. */
export function syncCloud(force = false) {
  return request(`api/cloud/sync${force ? '?force=true' : ''}`, { method: 'POST' });
}

/** The restores asked for on this device: `{items: [{md5, state, tier, days, requested, expiry, checked}]}`. */
export function getRestores(signal) {
  return request('api/cloud/restores', { signal });
}

/** What restoring these Cloud photos would cost: `{tier, photos, bytes, retrievalCost, requestCost, totalCost, summary}`. */
export function estimateRestore(ids, tier, signal) {
  return request('api/cloud/restore/estimate', { method: 'POST', body: { ids, tier }, signal });
}

/** Asks Deep Archive to restore these Cloud photos with `tier` (Standard or Bulk) for `days` days. */
export function requestRestore(ids, tier, days) {
  return request('api/cloud/restore', { method: 'POST', body: { ids, tier, days } });
}

/**
 * Listens to the server's event stream until the returned function is called. `onChange`,
 * `onListing`, `onFolder`, `onClosed`, `onBackup`, `onBadges`, `onCloudSync`, `onRestore` and
 * `onSources` receive the parsed `change`, `listing`, `folder` (a folder's subfolders changed),
 * `closed` (the server stopped following a folder), `backup`, `badges` (a folder's badges
 * changed), `cloud-sync`, `restore` and `sources` (the cloud settings changed) events, and
 * `onIndexing` the `indexing` events (`{found, done, complete}`: the search index being brought
 * up to date), `onAlbums` the `albums` events (every album, as `getAlbums` answers, after an
 * edit here, in another tab or by a sync); `onConnection` receives `true` when the stream (re)opens and `false` when it
 * drops.
 *
 * Every tab of the server shares one stream, owned by a SharedWorker (event-worker.js): a stream
 * per tab would hold one of the browser's six connections to the server each. Where there is no
 * SharedWorker, the tab opens a stream of its own.
 */
export function subscribeEvents({ onChange, onListing, onFolder, onClosed, onBackup, onVerify, onBadges, onCloudSync, onRestore, onSources, onIndexing, onAlbums, onConnection }) {
  const handlers = {
    change: onChange, listing: onListing, folder: onFolder, closed: onClosed, backup: onBackup, verify: onVerify, badges: onBadges, 'cloud-sync': onCloudSync,
    restore: onRestore, sources: onSources, indexing: onIndexing, albums: onAlbums,
  };
  const deliver = (name, text) => {
    let data;
    try {
      data = JSON.parse(text);
    } catch {
      return; // A malformed event cannot be acted on; the next one will be.
    }
    handlers[name]?.(data);
  };
  if (typeof SharedWorker === 'function') {
    try {
      return sharedEvents(deliver, onConnection);
    } catch {
      // Workers refused (a sandboxed page): a stream of this tab's own.
    }
  }
  return openEventStream('api/events', deliver, (connected) => onConnection?.(connected));
}

function sharedEvents(deliver, onConnection) {
  const worker = new SharedWorker(new URL('./event-worker.js', import.meta.url), { type: 'module', name: 'photolala-events' });
  const port = worker.port;
  port.onmessage = ({ data: message }) => {
    if (message.type === 'event') deliver(message.name, message.data);
    else if (message.type === 'connection') onConnection?.(message.connected);
  };
  // A tab that closes without saying so leaves only a dead port behind; the worker itself ends
  // with the last tab.
  return () => {
    port.postMessage('close');
    port.close();
  };
}
