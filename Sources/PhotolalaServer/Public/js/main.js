/**
 * The composition root: builds the store, the components and the controllers (js/controllers/,
 * one per concern), mounts the components in the page shell and wires them together. The api
 * object is the only way to the server: what needs it is given it here.
 */

import * as api from './api.js';
import { can, cellSource, initialState } from './app-state.js';
import { FolderSession } from './folder-session.js';
import { carriesPhotos, droppedPhotos } from './photo-drag.js';
import { liveMotion } from './photo-list.js';
import { currentLocation, navigate, onLocationChange } from './router.js';
import { Selection } from './selection.js';
import { Settings } from './settings.js';
import { Store } from './store.js';
import { ThumbnailLoader } from './thumbnail-loader.js';
import { AlbumList } from './components/album-list.js';
import { BackupBar } from './components/backup-bar.js';
import { CloudSettings } from './components/cloud-settings.js';
import { ContextMenu } from './components/context-menu.js';
import { ErrorBanner } from './components/error-banner.js';
import { FacetBar } from './components/facet-bar.js';
import { FolderStrip } from './components/folder-strip.js';
import { Inspector } from './components/inspector.js';
import { MessagePanel } from './components/message-panel.js';
import { PhotoGrid } from './components/photo-grid.js';
import { PhotoMap } from './components/photo-map.js';
import { Preview } from './components/preview.js';
import { RestoreDialog } from './components/restore-dialog.js';
import { SelectionBar } from './components/selection-bar.js';
import { SEARCH_SOURCE, Sidebar } from './components/sidebar.js';
import { StatusBar } from './components/status-bar.js';
import { SyncOverlay } from './components/sync-overlay.js';
import { Toolbar } from './components/toolbar.js';
import { AlbumsController } from './controllers/albums.js';
import { BackupController } from './controllers/backup.js';
import { DescribeController } from './controllers/describe.js';
import { CloudController } from './controllers/cloud.js';
import { DisplayController } from './controllers/display.js';
import { FilterController } from './controllers/filter.js';
import { FolderController } from './controllers/folder.js';
import { listenForShortcuts } from './controllers/keyboard.js';
import { LiveUpdatesController } from './controllers/live-updates.js';
import { MapController } from './controllers/map.js';
import { MessagesController } from './controllers/messages.js';
import { NavigationController } from './controllers/navigation.js';
import { PhotoActionsController } from './controllers/photo-actions.js';
import { SidebarDrawer } from './controllers/sidebar-drawer.js';

const $ = (id) => document.getElementById(id);
const app = $('app');
const settings = new Settings();

// The folder in the address is asked for at once, while the page builds itself and learns its
// sources: its description, its first page, and the top of its order where the server reads it ahead.
const initialLocation = currentLocation();
if (initialLocation?.folder) api.prefetchFolder(initialLocation.source, initialLocation.folder, FolderSession.FIRST_PAGE, settings.get('sort'));

const store = new Store(initialState(settings.get('sort')));
const selection = new Selection();
/**
 * Thumbnails in flight at once: the browser opens at most six connections to the server for all
 * of its tabs together (one goes to the shared event stream), so a tab takes four, and one while
 * it is in the background.
 */
const THUMBNAIL_LOADS = { visible: 4, hidden: 1 };
const loadsForVisibility = () => (document.hidden ? THUMBNAIL_LOADS.hidden : THUMBNAIL_LOADS.visible);
const loader = new ThumbnailLoader({
  load: (request, signal, onScreen) => api.loadThumbnail(request.source, request.folder, request.item, signal, onScreen ? null : 'nearVisible'),
  concurrency: loadsForVisibility(),
});
document.addEventListener('visibilitychange', () => loader.setConcurrency(loadsForVisibility()));

// Components; their callbacks reach the controllers built below, once the page is running.
// The 10-foot layout for a television (`?tv`, css/tv.css): larger cells and type, no hover.
if (new URLSearchParams(location.search).has('tv')) {
  document.documentElement.classList.add('tv');
  settings.set({ size: 'large' });
}
const albumList = new AlbumList({
  onCreate: (name) => albums.create(name), onRename: (id, name) => albums.rename(id, name), onDrop: (id, photos) => albums.add(id, photos),
  onContextMenu: (album, x, y) => albums.openAlbumMenu(album, x, y),
});
const sidebar = new Sidebar({ onCloudSettings: () => cloudSettings.open(), onSync: () => cloud.sync(), onLeave: () => folder.focusContent(), albumList });
const toolbar = new Toolbar({
  settings, onUp: () => navigation.goUp(), onToggleSidebar: () => drawer.toggle(), onStarToggle: () => backup.toggleStar(), onSearch: (text) => filter.setSearch(text),
  onMap: () => map.toggle(), onSelect: () => selectButtonPressed(),
});
const folderStrip = new FolderStrip({
  api, onOpen: (folder) => navigate(store.state.source.id, folder), onLeave: (direction) => (direction === 'left' ? sidebar.focusCurrent() : grid.focusFirst()),
});
const facetBar = new FacetBar({ api, onQuery: (query) => navigate(SEARCH_SOURCE, query) });
const grid = new PhotoGrid({
  loader, selection, onOpen: (id) => actions.openPreview(id), onContextMenu: (id, x, y) => actions.openContextMenu(id, x, y), onStar: (id, starred) => backup.star([id], starred),
  motionUrl: (id) => api.videoUrl(store.state.source.id, store.state.folder, liveMotion(store.state.list.get(id))?.id ?? id), sourceOf: (id) => cellSource(store.state, id),
  onLeave: (direction) => (direction === 'left' ? sidebar.focusCurrent() : folderStrip.focusFirst()),
  onDragStart: (event, ids) => albums.startDrag(event, ids), canDropOn: (event) => carriesPhotos(event) && albums.canReorder(),
  onDrop: (event, id) => {
    const photos = droppedPhotos(event);
    if (photos) albums.reorder(photos, id);
  },
  onSelectingChange: (selecting) => {
    toolbar.setSelecting(selecting);
    showSelectionBar();
  },
});
/** The toolbar's Select: selection mode from nothing selected, as in Photos; pressed again, Done. */
const selectButtonPressed = () => {
  if (!grid.selecting) selection.clear();
  grid.setSelecting(!grid.selecting);
};
const selectionBar = new SelectionBar({ onStar: () => backup.star(backup.selectedIds(), true), onExport: () => actions.exportSelected(), onDone: () => grid.setSelecting(false) });
/** Selection mode's toolbar, for the photos selected now and what the open source offers. */
const showSelectionBar = () =>
  selectionBar.update({ selecting: grid.selecting, count: backup.selectedIds().length, canStar: can(store.state, 'star'), canExport: store.state.source != null });
selection.onChange(showSelectionBar);
const photoMap = new PhotoMap({
  api, settings, thumbnailUrl: (id) => api.thumbnailUrl(SEARCH_SOURCE, map.query ?? '', { id }), onOpen: (id, position) => map.openPhoto(id, position), onArea: (bounds) => map.selectArea(bounds), onClearArea: () => map.clearArea(),
});
const contextMenu = new ContextMenu();
const inspector = new Inspector({
  api, onClose: () => settings.set({ inspector: false }), canEdit: () => can(store.state, 'describe'),
  onEdit: (edit) => describe.edit(describe.targets(), edit),
});
const status = new StatusBar();
const backupBar = new BackupBar();
const cloudSettings = new CloudSettings({
  load: api.getCloud,
  loadSettings: api.getCloudSettings,
  saveSettings: async (change) => {
    const saved = await api.saveCloudSettings(change);
    navigation.reloadSources(); // the `sources` event does it too, unless this tab's stream is down
    return saved;
  },
  testSettings: api.testCloudSettings,
  createBucket: api.createCloudBucket,
  verify: api.verifyBackup,
  loadFailures: api.getBackupFailures,
  onBackUp: () => liveUpdates.showUnlessOvertaken('backup', api.runBackup, (answer) => backup.showStatus(answer)),
  onRetry: api.retryBackup,
});
const syncOverlay = new SyncOverlay();
const restoreDialog = new RestoreDialog({
  estimate: api.estimateRestore, request: (ids, tier, days) => cloud.restore(ids, tier, days), download: (ids) => actions.downloadOriginals(ids),
});
const messagePanel = new MessagePanel($('message'));
const banner = new ErrorBanner($('banner'));
const preview = new Preview({
  api, getList: () => store.state.list, lookupThumbnail: (id) => actions.previewPlaceholder(id), onNavigate: (id) => actions.previewMoved(id), onClose: (id) => actions.previewClosed(id),
});

$('sidebar').append(sidebar.element);
$('toolbar').append(toolbar.element);
$('folders').append(folderStrip.element, facetBar.element);
$('grid').append(grid.element);
$('map').append(photoMap.element);
$('inspector').append(inspector.element);
$('status').append(status.element);
$('content').append(backupBar.element, selectionBar.element, syncOverlay.element);
document.body.append(preview.element, contextMenu.element, cloudSettings.element, restoreDialog.element);

// Controllers, each given what it acts on.
const drawer = new SidebarDrawer({ app, toggle: toolbar.sidebarToggle });
const messages = new MessagesController({ store, grid, app, panel: messagePanel, toolbar });
const backup = new BackupController({ store, api, grid, selection, toolbar, banner, backupBar, cloudSettings });
const filter = new FilterController({ store, api, settings, grid, selection, banner });
const cloud = new CloudController({ store, api, grid, sidebar, syncOverlay, banner, onSyncEnded: () => backup.loadBadges() });
const display = new DisplayController({
  store, settings, selection, grid, toolbar, inspector, status, app, inspectorPane: $('inspector'), onFilterChange: () => filter.show(), onSelectionChange: () => backup.updateStarButton(),
});
const liveUpdates = new LiveUpdatesController({
  store, api, status, loader, inspector, backup, cloud, onVerify: (verification) => cloudSettings.showVerification(verification), onSources: () => navigation.reloadSources(),
  onAlbums: (answer) => (answer ? albums.show(answer) : albums.load()),
});
const folder = new FolderController({ store, api, settings, selection, loader, grid, toolbar, folderStrip, status, preview, banner, messages, backup, display, filter, cloud });
const albums = new AlbumsController({ store, api, selection, albumList, contextMenu, status, banner });
const actions = new PhotoActionsController({ store, api, settings, selection, loader, grid, preview, contextMenu, restoreDialog, backup, banner, albums });
const map = new MapController({ store, api, app, toolbar, sidebar, status, photoMap, openPreview: (id) => actions.openPreview(id) });
const navigation = new NavigationController({
  store, api, settings, selection, sidebar, drawer, toolbar, folderStrip, grid, status, folder, messages, cloud, map, onSourcesLoaded: () => liveUpdates.loadServerState(),
});
const describe = new DescribeController({ store, api, selection, inspector, status, banner });
listenForShortcuts({
  store, settings, selection, grid, toolbar, sidebar, preview, goUp: () => navigation.goUp(), toggleStar: () => backup.toggleStar(), rate: (stars) => describe.rate(stars),
});

store.subscribe((state, keys) => (keys.has('source') || keys.has('folder')) && facetBar.show(state.source?.id === SEARCH_SOURCE ? state.folder : null));
store.subscribe((state, keys) => (keys.has('source') || keys.has('folder')) && albumList.setCurrent(state.source?.id === 'albums' ? state.folder : null));
onLocationChange((location) => navigation.open(location));
liveUpdates.connect();
navigation.start();
albums.load();

// Installable, and Photolala's own page when the server does not answer (service-worker.js); a
// page opened from another address than localhost needs HTTPS for it (docs/GUIDE.md).
if ('serviceWorker' in navigator) {
  // Without it the app works as before, only not offline: said in the console, not to the user.
  navigator.serviceWorker.register('service-worker.js').catch((error) => console.info(`Photolala works without its service worker here: ${error.message}`));
}
