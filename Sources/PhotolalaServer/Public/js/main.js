/**
 * The composition root: builds the models and components, mounts them in the page shell, and
 * wires them together. The URL hash says which folder is open; the event stream keeps it live,
 * the backup's badges and status bar, the cloud catalog's sync and the restores included.
 */

import {
  dropPrefetched, estimateRestore, exportUrl, getBackupBadges, getBackupFailures, getBackupStatus, getCloud, getCloudSettings, getCloudSync, getSources, isAbort,
  loadThumbnail, originalUrl, prefetchFolder, requestRestore, retryBackup, runBackup, saveCloudSettings, searchItemIds, setStarred, subscribeEvents, syncCloud,
  testCloudSettings, videoUrl,
} from './api.js';
import { hasCommandKey, isEditing } from './dom.js';
import { FolderSession } from './folder-session.js';
import { icons } from './icons.js';
import { itemKey, liveMotion, PhotoList } from './photo-list.js';
import { currentLocation, navigate, onLocationChange } from './router.js';
import { Selection } from './selection.js';
import { Settings, THUMBNAIL_SIZES } from './settings.js';
import { ThumbnailLoader } from './thumbnail-loader.js';
import { BackupBar } from './components/backup-bar.js';
import { CloudSettings } from './components/cloud-settings.js';
import { ContextMenu } from './components/context-menu.js';
import { ErrorBanner } from './components/error-banner.js';
import { FolderStrip } from './components/folder-strip.js';
import { Inspector } from './components/inspector.js';
import { MessagePanel } from './components/message-panel.js';
import { PhotoGrid } from './components/photo-grid.js';
import { Preview } from './components/preview.js';
import { RestoreDialog } from './components/restore-dialog.js';
import { Sidebar } from './components/sidebar.js';
import { StatusBar } from './components/status-bar.js';
import { SyncOverlay } from './components/sync-overlay.js';
import { Toolbar } from './components/toolbar.js';

const $ = (id) => document.getElementById(id);

const settings = new Settings();

// The folder in the address is asked for at once, while the page builds itself and learns its
// sources: its description, its first page, and the top of its order where the server reads it ahead.
const initialLocation = currentLocation();
if (initialLocation?.folder) prefetchFolder(initialLocation.source, initialLocation.folder, FolderSession.FIRST_PAGE, settings.get('sort'));
const selection = new Selection();
/**
 * Thumbnails in flight at once: the browser opens at most six connections to the server for all
 * of its tabs together (one goes to the shared event stream), so a tab takes four, and one while
 * it is in the background.
 */
const THUMBNAIL_LOADS = { visible: 4, hidden: 1 };
const loadsForVisibility = () => (document.hidden ? THUMBNAIL_LOADS.hidden : THUMBNAIL_LOADS.visible);
const loader = new ThumbnailLoader({
  load: (request, signal, onScreen) =>
    loadThumbnail(request.source, request.folder, request.item, signal, onScreen ? null : 'nearVisible'),
  concurrency: loadsForVisibility(),
});
document.addEventListener('visibilitychange', () => loader.setConcurrency(loadsForVisibility()));

/** What is open: the source list, the source, the folder and its session. */
const state = {
  sources: [], source: null, folder: null, info: null, session: null, error: null, listed: false, list: new PhotoList(settings.get('sort')),
  search: { text: '', ids: null }, // the search field: its text, and the ids the source found for it
};
/** The focused photo of each folder left, so coming back lands on it again. */
const focusMemory = new Map();
let pendingFocus = null;
/** The open folder's badge request, and the pause before fetching badges after queue changes. */
let badgeRequest = null;
let badgeTimer = 0;

const thumbnailOf = (id) => {
  const item = state.list.get(id);
  return item ? loader.lookup(itemKey(state.source?.id, state.folder, item))?.url ?? null : null;
};

const sidebar = new Sidebar({ onCloudSettings: () => cloudSettings.open(), onSync: () => syncCloud().catch((error) => banner.show(error.message)) }); // its progress comes as events
const toolbar = new Toolbar({
  settings,
  onUp: goUp,
  onToggleSidebar: () => $('app').classList.toggle('sidebar-open'),
  onStarToggle: () => {
    const ids = selectedIds();
    star(ids, !allStarred(ids));
  },
  onSearch: (text) => setSearch(text),
});
const folderStrip = new FolderStrip({ onOpen: (folder) => navigate(state.source.id, folder) });
const grid = new PhotoGrid({
  loader, selection, onOpen: openPreview, onContextMenu: openContextMenu, onStar: (id, starred) => star([id], starred),
  motionUrl: (id) => videoUrl(state.source.id, state.folder, liveMotion(state.list.get(id))?.id ?? id),
});
const contextMenu = new ContextMenu();
const inspector = new Inspector({ onClose: () => settings.set({ inspector: false }) });
const status = new StatusBar();
const backupBar = new BackupBar();
const cloudSettings = new CloudSettings({
  load: getCloud,
  loadSettings: getCloudSettings,
  saveSettings: async (change) => {
    const saved = await saveCloudSettings(change);
    reloadSources(); // the `sources` event does it too, unless this tab's stream is down
    return saved;
  },
  testSettings: testCloudSettings,
  loadFailures: getBackupFailures,
  onBackUp: () => showUnlessOvertaken('backup', runBackup, onBackupEvent),
  onRetry: retryBackup,
});
const syncOverlay = new SyncOverlay();
const restoreDialog = new RestoreDialog({
  estimate: estimateRestore,
  request: async (ids, tier, days) => {
    const { items } = await requestRestore(ids, tier, days);
    if (isCloudOpen()) grid.mergeBadges(Object.fromEntries(items.map((status) => [status.md5, { restore: status.state, expiry: status.expiry }])));
  },
});
/** The cloud catalog's last known sync, and the error last shown for it. */
let cloudSync = null;
let shownSyncError = null;
/**
 * How many `backup` and `cloud-sync` events this tab has received. A status that a request
 * answers travels on another connection than the events and can arrive after a newer event: the
 * sidebar would then say "Syncing…" for a sync that has ended, until the next one.
 */
const eventsSeen = { backup: 0, 'cloud-sync': 0 };
const messagePanel = new MessagePanel($('message'));
const banner = new ErrorBanner($('banner'));
const preview = new Preview({
  getList: () => state.list,
  lookupThumbnail: thumbnailOf,
  onNavigate: (id) => {
    selection.selectOnly(id);
    grid.revealItem(id);
  },
  onClose: (id) => {
    if (id != null && state.list.has(id)) grid.revealItem(id);
    grid.focus();
  },
});

$('sidebar').append(sidebar.element);
$('toolbar').append(toolbar.element);
$('folders').append(folderStrip.element);
$('grid').append(grid.element);
$('inspector').append(inspector.element);
$('status').append(status.element);
$('content').append(backupBar.element, syncOverlay.element);
document.body.append(preview.element, contextMenu.element, cloudSettings.element, restoreDialog.element);

applyDisplay();
applyInspector();
settings.onChange(onSettingsChange);
selection.onChange(onSelectionChange);
document.addEventListener('keydown', onGlobalKeyDown);
onLocationChange(openLocation);
connectEvents();
start();

/** The pause before asking a server that did not answer again: doubling from 1 s up to 10 s. */
const START_RETRY_MS = [1000, 2000, 4000, 8000, 10000];

async function start(attempt = 0) {
  try {
    state.sources = await getSources();
  } catch (error) {
    showMessage({ title: 'Photolala is not available', text: `${error.message} Trying again…`, retry: true });
    setTimeout(() => start(attempt + 1), START_RETRY_MS[Math.min(attempt, START_RETRY_MS.length - 1)]);
    return;
  }
  sidebar.setSources(state.sources);
  openLocation(currentLocation());
  loadServerState();
  grid.focus();
}

/** The backup bar and the cloud catalog's sync line, as the server has them now. */
function loadServerState() {
  showUnlessOvertaken('backup', getBackupStatus, onBackupEvent).catch(() => {}); // the events bring it later
  if (state.sources.some((source) => source.kind === 'cloud' && source.configured)) {
    showUnlessOvertaken('cloud-sync', getCloudSync, onCloudSync).catch(() => {});
  }
}

/**
 * Shows what `request` answers with `show`, unless an event of `kind` arrived while it was out:
 * the server sends an event for every change, in order, so that event is as new as the answer.
 */
async function showUnlessOvertaken(kind, request, show) {
  const seen = eventsSeen[kind];
  const answer = await request();
  if (eventsSeen[kind] === seen) show(answer);
}

/**
 * After the server came back: its sources may have changed (a cloud configured, a folder added),
 * so the sidebar is drawn again, and a source shown as not configured, or gone, is opened again.
 */
async function reloadSources() {
  let sources;
  try {
    sources = await getSources();
  } catch {
    return; // the next reconnection tries again
  }
  const changed = JSON.stringify(sources) !== JSON.stringify(state.sources);
  state.sources = sources;
  if (changed) {
    sidebar.setSources(sources);
    sidebar.setCurrent(state.source?.id ?? currentLocation()?.source);
  }
  loadServerState();
  const open = state.source && sources.find((source) => source.id === state.source.id);
  if (changed && !(open?.configured && JSON.stringify(open.capabilities) === JSON.stringify(state.source.capabilities))) {
    closeFolder();
    state.source = null;
    openLocation(currentLocation());
  }
}

// MARK: - Navigation

function openLocation(location) {
  if (state.sources.length === 0) return; // start() opens the location once the sources are known
  $('app').classList.remove('sidebar-open');
  const configured = state.sources.filter((source) => source.configured);
  if (!location) {
    if (configured.length > 0) navigate(configured[0].id, configured[0].rootFolder ?? '~', { replace: true });
    else showMessage({ title: 'No folders to browse', text: 'Start Photolala with one or more folders: photolala serve ~/Pictures' });
    return;
  }
  const source = state.sources.find((candidate) => candidate.id === location.source);
  sidebar.setCurrent(source?.id);
  if (!source) {
    showMessage({ title: 'Source not found', text: `There is no source “${location.source}”. Choose one in the sidebar.` });
  } else if (!source.configured) {
    showMessage({ title: `${source.name} is not configured`, text: source.message ?? 'This source has not been set up.', icon: icons.info });
  } else {
    openFolder(source, location.folder ?? source.rootFolder ?? '~');
  }
}

function openFolder(source, folder) {
  if (state.source?.id === source.id && state.folder === folder && state.session) return;
  closeFolder();
  hideMessage();
  state.source = source;
  state.folder = folder;
  state.list = new PhotoList(listOrder());
  state.error = null;
  state.listed = false;
  state.search = { text: '', ids: null };
  toolbar.clearSearch();
  pendingFocus = focusMemory.get(folderKey()) ?? null;
  selection.reset();
  toolbar.breadcrumb.set(source.id, [{ id: folder, name: folder === (source.rootFolder ?? '~') ? source.name : '…' }]);
  toolbar.setCanGoUp(false);
  folderStrip.setFolders(source.id, []);
  grid.setFolder(source.id, folder, state.list);
  applyCapabilities(); // after the grid let go of the last folder's list, which it would lay out again
  status.setProgress({ count: 0, complete: false });
  updateGridMessage();
  const session = new FolderSession({
    source: source.id,
    folder,
    list: state.list,
    onFolder: (info) => {
      state.info = info;
      toolbar.breadcrumb.set(source.id, info.breadcrumb);
      toolbar.setCanGoUp(info.breadcrumb.length > 1);
      folderStrip.setFolders(source.id, info.folders, { albums: source.kind === 'applePhotos' });
      document.title = `${info.name} — Photolala`;
      updateGridMessage();
    },
    onStale: (items) => loader.forget(items.map((item) => itemKey(source.id, folder, item))),
    onItems: ({ live }) => {
      if (live) scheduleBadges(); // a photo changed on disk, or its catalog (and MD5) is now known
      grid.itemsChanged();
      if (live) selection.retain(state.list);
      preview.itemsChanged();
      restoreFocus();
      updateGridMessage();
      onSelectionChange();
    },
    onProgress: (progress) => {
      if (progress.complete && !state.listed) {
        state.listed = true;
        scheduleBadges(); // a filter needs every photo's badge, and a long listing may have brought more
      }
      status.setProgress(progress);
      updateGridMessage();
    },
    firstScreenShown,
    onError: (error) => {
      // With nothing to show, the reason takes the grid's place; otherwise it goes above.
      if (state.list.length === 0) {
        toolbar.breadcrumb.set(source.id, [{ id: source.rootFolder ?? '~', name: source.name }, { id: folder, name: 'Not available' }]);
        toolbar.setCanGoUp(false);
        status.clear();
        state.error = error.message;
        updateGridMessage();
      } else {
        banner.show(error.message);
        status.setProgress({ count: state.list.length, complete: true });
      }
    },
  });
  state.session = session;
  session.start();
  dropPrefetched();
  loadBadges();
}

/**
 * The longest a listing's rest waits for the first screen's thumbnails: those of a folder seen
 * before come within a tenth of a second; those of an unseen one are made one by one, and the
 * rows are then worth more than the few milliseconds they take from them.
 */
const FIRST_SCREEN_WAIT_MS = 500;

/** Resolves once the grid has laid out the first page and its on-screen thumbnails are shown, or after FIRST_SCREEN_WAIT_MS. */
function firstScreenShown() {
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  const shown = frame().then(frame).then(() => loader.onScreenSettled());
  return Promise.race([shown, new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS))]);
}

function closeFolder() {
  if (state.session && selection.focus != null) focusMemory.set(folderKey(), selection.focus);
  state.session?.close();
  state.session = null;
  state.info = null;
  preview.close();
  banner.hide();
}

function folderKey() {
  return `${state.source?.id}/${state.folder}`;
}

/** Coming back to a folder: focus the photo that had the focus when it was left. */
function restoreFocus() {
  if (pendingFocus == null || !state.list.has(pendingFocus)) return;
  selection.selectOnly(pendingFocus);
  grid.revealItem(pendingFocus);
  pendingFocus = null;
}

function goUp() {
  const crumbs = state.info?.breadcrumb;
  if (crumbs && crumbs.length > 1) navigate(state.source.id, crumbs[crumbs.length - 2].id);
}

function openPreview(id) {
  if (!can('preview')) return;
  selection.selectOnly(id);
  preview.open(state.source.id, state.folder, id);
}

/**
 * The menu of photo `id`, which the selection now holds: it acts on the whole selection. In the
 * Cloud source, originals are restored from Deep Archive first and downloaded once restored.
 */
function openContextMenu(id, x, y) {
  const ids = selectedIds();
  const inspectorOpen = settings.get('inspector');
  const several = ids.length > 1;
  const items = [
    ...(can('preview') ? [{ label: 'Open', action: 'open', run: () => openPreview(id) }] : []),
    { label: inspectorOpen ? 'Hide Info' : 'Get Info', action: 'info', run: () => settings.set({ inspector: !inspectorOpen }) },
  ];
  if (can('restore')) {
    // A backup folder's originals are readable at once; Deep Archive's once restored.
    const inArchive = state.source.archived !== false;
    const restored = inArchive ? ids.filter((selected) => grid.badges.restoreOf(selected) === 'restored') : ids;
    const archived = inArchive ? ids.filter((selected) => grid.badges.restoreOf(selected) == null) : [];
    items.push(
      { label: several ? `Restore ${ids.length} Originals…` : 'Restore Original…', action: 'restore', disabled: archived.length === 0, run: () => restoreDialog.open(archived) },
      { label: restored.length > 1 ? `Download ${restored.length} Originals` : 'Download Original', action: 'export', disabled: restored.length === 0, run: () => exportOriginals(restored) },
    );
  } else {
    // Photos calls it "Export…"; elsewhere the file is the original.
    const label = state.source.kind === 'applePhotos' ? (several ? `Export ${ids.length}…` : 'Export…') : several ? `Export ${ids.length} Originals…` : 'Export Original…';
    items.push({ label, action: 'export', run: () => exportOriginals(ids) });
  }
  if (can('star')) {
    const starred = ids.filter((selected) => grid.badges.isStarred(selected));
    items.push(
      { label: several ? `Star ${ids.length} for Backup` : 'Star for Backup', action: 'star', disabled: starred.length === ids.length, run: () => star(ids, true) },
      { label: several ? `Unstar ${ids.length}` : 'Unstar', action: 'unstar', disabled: starred.length === 0, run: () => star(starred, false) },
    );
  }
  contextMenu.open(items, x, y);
}

/**
 * Downloads one photo's original file under its own name (from the Cloud, under the name the
 * server gives: the extension of the format the backup recorded); several as one ZIP, which the
 * server streams as it writes it, so a browser asks once, not once per photo.
 */
function exportOriginals(ids) {
  if (ids.length === 1) {
    const link = document.createElement('a');
    link.href = originalUrl(state.source.id, state.folder, ids[0]);
    link.download = isCloudOpen() ? '' : state.list.get(ids[0])?.name ?? '';
    document.body.append(link);
    link.click();
    link.remove();
    return;
  }
  // A form, not fetch: the browser saves the answer as it arrives instead of holding it whole.
  const form = document.createElement('form');
  form.method = 'post';
  form.action = exportUrl(state.source.id, state.folder);
  form.hidden = true;
  for (const id of ids) form.append(Object.assign(document.createElement('input'), { type: 'hidden', name: 'ids', value: id }));
  document.body.append(form);
  form.submit();
  form.remove();
}

// MARK: - Backup

function loadBadges() {
  badgeRequest?.abort();
  if (!state.source) return;
  const { id: source } = state.source;
  const folder = state.folder;
  const request = new AbortController();
  badgeRequest = request;
  getBackupBadges(source, folder, request.signal).then(
    (body) => {
      if (state.source?.id !== source || state.folder !== folder) return;
      grid.setBadges(body.items);
      badgesChanged();
    },
    (error) => {
      if (!isAbort(error)) banner.show(error.message);
    },
  );
}

/** A queue update: the status bar at once, the badges once updates pause (progress comes often). */
function onBackupEvent(backup) {
  backupBar.update(backup);
  cloudSettings.update(backup);
  scheduleBadges();
}

function scheduleBadges() {
  clearTimeout(badgeTimer);
  badgeTimer = setTimeout(loadBadges, 400);
}

/** Stars or unstars photos of the open folder; photos that fail say why in the banner. */
async function star(ids, starred) {
  if (!state.source || ids.length === 0) return;
  const { id: source } = state.source;
  const folder = state.folder;
  try {
    const { items } = await setStarred(source, folder, ids, starred);
    if (state.source?.id !== source || state.folder !== folder) return;
    grid.mergeBadges(items);
    badgesChanged();
    const failures = Object.values(items).filter((badge) => badge.error);
    if (failures.length === 1) banner.show(failures[0].error);
    else if (failures.length > 1) banner.show(`${failures.length} photos could not be ${starred ? 'starred' : 'unstarred'}. ${failures[0].error}`);
  } catch (error) {
    banner.show(error.message);
  }
}

function selectedIds() {
  return selection.ids().filter((id) => state.list.has(id));
}

function allStarred(ids) {
  return ids.length > 0 && ids.every((id) => grid.badges.isStarred(id));
}

/** After badges changed: the star button, and the "not backed up" filter, which looks at them. */
function badgesChanged() {
  if (state.list.isFiltered) {
    state.list.refilter();
    grid.itemsChanged();
    selection.retain(state.list);
    status.setProgress({ count: state.list.length, complete: state.session?.complete ?? true });
  }
  updateStarButton();
}

// MARK: - Cloud

function isCloudOpen() {
  return state.source?.kind === 'cloud';
}

/** Whether the open source offers `capability` (`sorting`, `grouping`, `star`, `restore`, `preview`). */
function can(capability) {
  return state.source?.capabilities?.includes(capability) ?? false;
}

/** The order of the open folder's photos: the chosen one where the source can be sorted, else the source's. */
function listOrder() {
  return state.source == null || can('sorting') ? settings.get('sort') : 'source';
}

/**
 * The controls the open source declares a use for: sorting and grouping, the star and filter
 * controls and the hover star (starring), the restore commands; the sync overlay is the Cloud's.
 */
function applyCapabilities() {
  const cloud = isCloudOpen();
  toolbar.setCapabilities({ sorting: can('sorting'), grouping: can('grouping'), star: can('star'), search: can('search') });
  grid.badges.setStarrable(can('star'));
  applyDisplay();
  syncOverlay.setVisible(cloud);
  applyFilter();
  shownSyncError = null; // closing the last folder hid the banner
  if (cloud && cloudSync) showSyncError(cloudSync);
}

/**
 * What the grid shows of the folder: "not backed up yet" (photos without the backed-up badge,
 * the star queue's or the cloud catalog's, where photos can be starred), and the search field's
 * match: the ids the source found (Apple Photos: titles, file names, keywords) or, elsewhere,
 * the file names that contain the text, in any case and Unicode normalisation.
 */
function applyFilter() {
  const keeps = [];
  if (settings.get('filter') === 'notBackedUp' && can('star')) keeps.push((item) => grid.badges.stateOf(item.id) !== 'backedUp');
  const { text, ids } = state.search;
  if (ids) {
    keeps.push((item) => ids.has(item.id));
  } else if (text && !can('search')) {
    const wanted = searchKey(text);
    keeps.push((item) => (item.searchKey ??= searchKey(item.name)).includes(wanted));
  }
  state.list.setFilter(keeps.length === 0 ? null : (item) => keeps.every((keep) => keep(item)));
}

/** After the filter changed: the grid, the selection (of what is still shown) and the counts. */
function showFiltered() {
  applyFilter();
  grid.itemsChanged();
  selection.retain(state.list);
  status.setProgress({ count: state.list.length, complete: state.session?.complete ?? true });
  updateGridMessage();
}

/** Text as the search compares it: composed (NFC) and case-folded, so "Frítest" finds "FRÍTEST" typed either way. */
function searchKey(text) {
  return text.normalize('NFC').toLocaleLowerCase();
}

let searchTimer = 0;
let searchRequest = null;

/** The search field changed: a name filter at once, or the source's search after a pause in typing. */
function setSearch(text) {
  clearTimeout(searchTimer);
  searchRequest?.abort();
  searchRequest = null;
  state.search = { text: text.trim(), ids: null };
  if (state.search.text === '' || !can('search')) {
    showFiltered();
    return;
  }
  const { text: wanted } = state.search;
  searchTimer = setTimeout(async () => {
    const request = (searchRequest = new AbortController());
    try {
      const ids = await searchItemIds(state.source.id, state.folder, wanted, request.signal);
      if (request !== searchRequest) return;
      state.search = { text: wanted, ids };
      showFiltered();
    } catch (error) {
      if (!isAbort(error)) banner.show(error.message);
    }
  }, 250);
}

/** A sync status: the sidebar's line, the overlay, and in the Cloud source the sync's error. */
function onCloudSync(sync) {
  const wasSyncing = cloudSync?.syncing;
  cloudSync = sync;
  sidebar.setCloudSync(sync);
  syncOverlay.update(sync);
  if (isCloudOpen()) showSyncError(sync);
  // Photos found backed up by the sync get their backed-up badge in the open folder.
  if (wasSyncing && !sync.syncing && !isCloudOpen()) loadBadges();
}

/** Offline or failed, the last synced catalog keeps working: the banner says which and since when. */
function showSyncError(sync) {
  const error = sync.syncing ? null : sync.state.error ?? null;
  if (error === shownSyncError) return;
  shownSyncError = error;
  if (error) banner.show(error);
  else banner.hide();
}

function updateStarButton() {
  const ids = selectedIds();
  toolbar.setStar({ enabled: ids.length > 0, starred: allStarred(ids) });
}

// MARK: - Settings and selection

function applyDisplay() {
  const group = state.source == null || can('grouping') ? settings.get('group') : 'none';
  grid.setDisplay({ size: THUMBNAIL_SIZES[settings.get('size')], fit: settings.get('fit'), group, names: settings.get('names') });
}

/** Shows or hides the inspector; the grid gets or gives up the room (its resize re-lays it out). */
function applyInspector() {
  const open = settings.get('inspector');
  $('inspector').hidden = !open;
  $('app').classList.toggle('has-inspector', open);
  inspector.setOpen(open);
}

function onSettingsChange(changed) {
  if ('sort' in changed) {
    state.list.setSort(listOrder());
    grid.itemsChanged();
    if (selection.focus != null) grid.revealItem(selection.focus);
  }
  if ('size' in changed || 'fit' in changed || 'group' in changed || 'names' in changed) applyDisplay();
  if ('inspector' in changed) {
    applyInspector();
    onSelectionChange();
  }
  if ('filter' in changed) showFiltered();
}

function onSelectionChange() {
  const items = [];
  let bytes = 0;
  for (const id of selection.ids()) {
    const item = state.list.get(id);
    if (!item) continue;
    items.push(item);
    bytes += item.size ?? 0;
  }
  status.setSelection(items.length, bytes);
  updateStarButton();
  inspector.show(state.source?.id, state.folder, items);
}

function onGlobalKeyDown(event) {
  if (preview.isOpen || isEditing(event)) return;
  const key = event.key.toLowerCase();
  if (hasCommandKey(event) && key === 'i' && !event.shiftKey && !event.altKey) {
    event.preventDefault();
    settings.set({ inspector: !settings.get('inspector') });
  } else if (hasCommandKey(event) && key === 'f' && !event.shiftKey && !event.altKey) {
    event.preventDefault(); // the page's own search field, not the browser's find bar
    toolbar.searchField.focus();
    toolbar.searchField.select();
  } else if ((event.altKey && event.key === 'ArrowUp') || (event.key === 'Backspace' && !hasCommandKey(event))) {
    event.preventDefault();
    goUp();
  } else if (hasCommandKey(event) && key === 'a' && !grid.element.contains(event.target)) {
    event.preventDefault(); // select all photos, not the page's text, wherever the focus is
    selection.selectAll(state.list);
    grid.focus();
  } else if (event.target === document.body && /^(Arrow|Page|Home|End)/.test(event.key)) {
    grid.focus(); // the grid is where the keyboard acts when nothing else has the focus
  }
}

// MARK: - Messages

function updateGridMessage() {
  let text = null;
  if (state.list.length === 0) {
    if (state.error) text = state.error;
    else if (!state.session?.complete) text = 'Loading photos…';
    else if (state.search.text && state.list.totalLength > 0) text = `No photos match “${state.search.text}”.`;
    else if (state.info?.folders.length) text = 'No photos here. Open a folder above.';
    else if (/album/i.test(state.info?.kind ?? '')) text = 'No photos in this album.';
    else text = 'No photos in this folder.';
  }
  grid.setMessage(text);
}

/** A full-pane message instead of the folder view: an unconfigured source, or no server. */
function showMessage(message) {
  closeFolder();
  state.source = null;
  state.folder = null;
  state.list = new PhotoList(listOrder());
  selection.reset();
  grid.setFolder(null, null, state.list);
  folderStrip.setFolders(null, []);
  toolbar.breadcrumb.set(null, []);
  toolbar.setCanGoUp(false);
  toolbar.setControlsEnabled(false);
  status.clear();
  document.title = 'Photolala';
  $('app').classList.add('shows-message');
  syncOverlay.setVisible(false);
  messagePanel.show(message);
}

function hideMessage() {
  $('app').classList.remove('shows-message');
  messagePanel.hide();
  toolbar.setControlsEnabled(true);
}

// MARK: - Live updates

function connectEvents() {
  let everConnected = false;
  let dropped = false;
  let dropTimer = 0;
  subscribeEvents({
    onChange: (event) => state.session?.handleChange(event),
    onListing: (event) => state.session?.handleListing(event),
    onFolder: (event) => state.session?.handleFolder(event),
    onClosed: (event) => state.session?.handleClosed(event),
    onBackup: (backup) => {
      eventsSeen.backup += 1;
      onBackupEvent(backup);
    },
    onBadges: (event) => {
      if (state.session?.concerns(event)) scheduleBadges();
    },
    onCloudSync: (sync) => {
      eventsSeen['cloud-sync'] += 1;
      onCloudSync(sync);
    },
    onSources: () => reloadSources(), // the cloud settings were saved, here or in another tab
    onRestore: () => {
      if (!isCloudOpen()) return;
      scheduleBadges();
      inspector.refresh(); // the original's state is in it
    },
    onConnection: (connected) => {
      clearTimeout(dropTimer);
      if (connected) {
        status.setConnected(true);
        if (dropped) {
          loader.forgetFailures();
          state.session?.resync();
          loadBadges();
          reloadSources();
        } else if (state.sources.length > 0) {
          loadServerState(); // what changed before this tab's stream opened came as no event
        }
        everConnected = true;
        dropped = false;
      } else if (everConnected) {
        dropped = true;
        dropTimer = setTimeout(() => status.setConnected(false), 1500); // a blip is not worth a message
      }
    },
  });
}
