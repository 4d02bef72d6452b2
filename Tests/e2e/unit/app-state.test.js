import { can, cellSource, gridMessage, initialState, listOrder, searchKey, timelineFolder, upFrom } from '../js/app-state.js';
import { equal, test } from './harness.js';
import { photoList } from './photos.js';

const local = { id: 'local-0', kind: 'local', capabilities: ['sorting', 'grouping', 'star', 'preview'] };
const photos = { id: 'apple-photos', kind: 'applePhotos', capabilities: ['preview', 'search'] };

/** A listed folder's state: `photos` as `[name, date]`, listing `complete` or not. */
function listed(photoRows, { complete = true, ...rest } = {}) {
  return { ...initialState('date-asc'), source: local, folder: '~', list: photoList(photoRows), progress: { count: photoRows.length, complete }, ...rest };
}

test('the grid says nothing while it shows photos', () => {
  equal(gridMessage(listed([['a.jpg', '2024-06-01T12:00:00Z']], { complete: false })), null);
});

test('an empty grid says why: error, loading, no match, subfolders, album, empty folder', () => {
  equal(gridMessage(listed([], { error: 'Folder not found.' })), 'Folder not found.');
  equal(gridMessage(listed([], { complete: false })), 'Loading photos…');
  equal(gridMessage(initialState('date-asc')), 'Loading photos…');
  const filtered = photoList([['a.jpg', null]]);
  filtered.setFilter(() => false);
  equal(gridMessage(listed([], { list: filtered, search: { text: 'beach', ids: null } })), 'No photos match “beach”.');
  equal(gridMessage(listed([], { info: { kind: 'folder', folders: [{ id: 'x' }] } })), 'No photos here. Open a folder above, or Photos to see every photo beneath this one.');
  equal(gridMessage(listed([], { info: { kind: 'album', folders: [] } })), 'No photos in this album.');
  equal(gridMessage(listed([], { info: { kind: 'folder', folders: [] } })), 'No photos in this folder.');
});

test('a search or timeline waiting for the index says how far it is; a folder says it is loading', () => {
  const indexing = { found: 40000, done: 12345, complete: false };
  const search = { id: 'search', kind: 'search' };
  equal(gridMessage(listed([], { complete: false, source: search, indexing })), 'Indexing photos for search… 12,345 of 40,000');
  equal(gridMessage(listed([], { complete: false, source: { id: 'photos', kind: 'timeline' }, indexing })), 'Indexing photos for search… 12,345 of 40,000');
  equal(gridMessage(listed([], { complete: false, source: search, indexing: { found: 500, done: 500, complete: false } })), 'Indexing photos for search… 500 so far');
  equal(gridMessage(listed([], { complete: false, indexing })), 'Loading photos…');
  equal(gridMessage(listed([], { complete: false, source: search, indexing: null })), 'Loading photos…');
});

test('a search that matches nothing in an empty folder says the folder is empty', () => {
  equal(gridMessage(listed([], { search: { text: 'beach', ids: null } })), 'No photos in this folder.');
});

test('capabilities and order come from the open source', () => {
  equal([can({ source: local }, 'star'), can({ source: photos }, 'star'), can({ source: null }, 'star')], [true, false, false]);
  equal([listOrder({ source: local }, 'name-asc'), listOrder({ source: photos }, 'name-asc'), listOrder({ source: null }, 'name-asc')], ['name-asc', 'source', 'name-asc']);
});

test('search keys fold case and Unicode normalisation', () => {
  equal(searchKey('FRI\u0301TEST'), searchKey('frítest'));
  equal(searchKey('Frítest').includes(searchKey('FRÍT')), true);
});

test('every folder of a tree has a timeline; a library and the cloud, their top; searches and timelines none', () => {
  const configured = (source) => ({ ...source, configured: true, rootFolder: '~' });
  equal(timelineFolder(configured(local), '~'), 'local-0/~');
  equal(timelineFolder(configured(local), 'MjAyNC8'), 'local-0/MjAyNC8');
  equal(timelineFolder(configured(photos), '~'), 'apple-photos/~');
  equal(timelineFolder(configured(photos), 'favorites'), null);
  equal(timelineFolder({ ...local, configured: false }, '~'), null);
  equal(timelineFolder(configured({ id: 'search', kind: 'search' }), 'beach'), null);
  equal(timelineFolder(configured({ id: 'photos', kind: 'timeline' }), '~'), null);
  equal(timelineFolder(null, '~'), null);
});

test('Up from the timeline of a folder goes back to the folder; elsewhere to the parent in the breadcrumb, and nowhere from the top', () => {
  const timeline = { id: 'photos', kind: 'timeline', rootFolder: '~' };
  const crumbs = [{ id: '~', name: 'Photos' }, { id: 'local-0/MjAyNC8', name: 'Photos in 2024' }];
  equal(JSON.stringify(upFrom(timeline, 'local-0/MjAyNC8', crumbs)), JSON.stringify({ source: 'local-0', folder: 'MjAyNC8' }));
  equal(JSON.stringify(upFrom(timeline, 'apple-photos/~', crumbs)), JSON.stringify({ source: 'apple-photos', folder: '~' }));
  equal(upFrom(timeline, '~', [{ id: '~', name: 'Photos' }]), null);
  const folderCrumbs = [{ id: '~', name: 'Pictures' }, { id: 'MjAyNC8', name: '2024' }];
  equal(JSON.stringify(upFrom(local, 'MjAyNC8', folderCrumbs)), JSON.stringify({ source: 'local-0', folder: '~' }));
  equal(upFrom(local, '~', [{ id: '~', name: 'Pictures' }]), null);
  equal(upFrom(null, '~', folderCrumbs), null);
});

test('a photo of a search or a timeline tells its source; the photos of a folder itself do not', () => {
  const idOf = (source, folder, item) => {
    const bytes = new TextEncoder().encode(`${source}\0${folder}`);
    return `${btoa(String.fromCharCode(...bytes)).replaceAll('+', '-').replaceAll('/', '_').replaceAll('=', '')}.${item}`;
  };
  const library = { id: 'apple-photos', kind: 'applePhotos', name: 'Photos Library' };
  const sources = [{ ...local, name: 'Pictures' }, library, { id: 'search', kind: 'search' }, { id: 'photos', kind: 'timeline' }];
  const search = { ...initialState('date-asc'), sources, source: sources[2] };
  equal(cellSource(search, idOf('local-0', 'MjAyNC8/Été', 'cGhvdG8uanBn'))?.name, 'Pictures');
  equal(cellSource({ ...search, source: sources[3] }, idOf('apple-photos', 'favorites', 'UUID-1'))?.kind, 'applePhotos');
  equal(cellSource(search, idOf('gone-9', '~', 'x')), null);
  equal(cellSource(search, 'not-an-id'), null);
  equal(cellSource(search, '%%%.x'), null);
  equal(cellSource({ ...search, source: local }, idOf('local-0', '~', 'x')), null);
});
