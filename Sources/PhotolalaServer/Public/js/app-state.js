/**
 * What the page holds in its store (store.js), and what is read from it: the open source's
 * capabilities and the grid's message. Pure functions of the state, so they are tested without
 * a page around them.
 */

import { formatInteger } from './format.js';
import { PhotoList } from './photo-list.js';

/**
 * The state with no folder open, its list sorted by `sort`:
 * - sources: every source the server has; source, folder: what is open; info: the folder's
 *   description (breadcrumb, subfolders), once it arrived; session: its FolderSession.
 * - list: the open folder's PhotoList, changed in place (`store.changed('list')`).
 * - progress: the listing's `{count, complete}`; listed: whether it was ever complete.
 * - error: why the folder could not be read; search: the search field's text, and the ids the
 *   source found for it (null while it has not answered, or where names are matched instead).
 */
export function initialState(sort) {
  return {
    sources: [], source: null, folder: null, info: null, session: null, error: null, listed: false, list: new PhotoList(sort),
    progress: { count: 0, complete: false }, search: { text: '', ids: null }, indexing: null,
  };
}

/** The source the server lists timelines under: every photo beneath a folder, or of every source. */
export const TIMELINE_SOURCE = 'photos';

/**
 * The timeline's folder of every photo beneath `folder` of `source` (`SOURCE/FOLDER`), or null where
 * there is none: a search or a timeline itself, an unconfigured source, and an album or view of a
 * library, which is its own timeline. A folder tree's every folder has one; a library's and the
 * cloud's, their top.
 */
export function timelineFolder(source, folder) {
  if (!source?.configured || source.kind === 'search' || source.kind === 'timeline' || folder == null) return null;
  if (source.kind !== 'local' && folder !== (source.rootFolder ?? '~')) return null;
  return `${source.id}/${folder}`;
}

/**
 * Where Up goes from `folder` of `source` with `breadcrumb` (`[{id, name}]`): `{source, folder}`,
 * or null at the top. From a folder's timeline (`SOURCE/FOLDER`), the folder itself, as the way
 * back from the toolbar's Photos; else the breadcrumb's parent.
 */
export function upFrom(source, folder, breadcrumb) {
  if (source?.kind === 'timeline' && folder != null && folder !== (source.rootFolder ?? '~')) {
    const slash = folder.indexOf('/');
    if (slash > 0 && slash < folder.length - 1) return { source: folder.slice(0, slash), folder: folder.slice(slash + 1) };
  }
  if (source == null || breadcrumb == null || breadcrumb.length < 2) return null;
  return { source: source.id, folder: breadcrumb[breadcrumb.length - 2].id };
}

/** The sources whose photos are other sources' (searches, timelines, places, people): each item's id names its own. */
const VIEW_KINDS = new Set(['search', 'timeline', 'places', 'people']);

const resultSources = new Map(); // an id's first part → the source id it names

/**
 * The served source a photo of a search, a timeline, a place or a person comes from
 * (`{id, name, kind}` of `state.sources`), or null for a photo of a folder or library itself.
 * The server names each such photo `BASE64URL(source NUL folder).ITEM` (SearchResultID).
 */
export function cellSource(state, id) {
  if (!VIEW_KINDS.has(state.source?.kind)) return null;
  const dot = id.indexOf('.');
  if (dot <= 0) return null;
  const prefix = id.slice(0, dot);
  let sourceID = resultSources.get(prefix);
  if (sourceID === undefined) {
    sourceID = null;
    try {
      const base64 = prefix.replaceAll('-', '+').replaceAll('_', '/');
      const bytes = Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (char) => char.charCodeAt(0));
      const text = new TextDecoder().decode(bytes);
      if (text.includes('\0')) sourceID = text.slice(0, text.indexOf('\0'));
    } catch {
      // Not an id of the server's making: no source to tell.
    }
    resultSources.set(prefix, sourceID);
  }
  return state.sources.find((source) => source.id === sourceID) ?? null;
}

/** Whether the open source offers `capability` (`sorting`, `grouping`, `star`, `restore`, `preview`, `search`). */
export function can(state, capability) {
  return state.source?.capabilities?.includes(capability) ?? false;
}

export function isCloudOpen(state) {
  return state.source?.kind === 'cloud';
}

/** The order of the open folder's photos: `sort` where the source can be sorted (or none is open), else the source's. */
export function listOrder(state, sort) {
  return state.source == null || can(state, 'sorting') ? sort : 'source';
}

/** What the grid says instead of photos when it shows none, or null when it shows some. */
export function gridMessage(state) {
  if (state.list.length > 0) return null;
  if (state.error) return state.error;
  if (!state.progress.complete) {
    const { indexing } = state;
    if (indexing && VIEW_KINDS.has(state.source?.kind)) {
      // A tree's count grows as it is walked: until more are found than indexed, no total is known.
      const total = indexing.found > indexing.done ? ` of ${formatInteger(indexing.found)}` : ' so far';
      return `Indexing photos for search… ${formatInteger(indexing.done)}${total}`;
    }
    return 'Loading photos…';
  }
  if (state.search.text && state.list.totalLength > 0) return `No photos match “${state.search.text}”.`;
  if (state.info?.folders.length) return 'No photos here. Open a folder above, or Photos to see every photo beneath this one.';
  if (/album/i.test(state.info?.kind ?? '')) return 'No photos in this album.';
  return 'No photos in this folder.';
}

/** Text as the search compares it: composed (NFC) and case-folded, so "Frítest" finds "FRÍTEST" typed either way. */
export function searchKey(text) {
  return text.normalize('NFC').toLocaleLowerCase();
}
