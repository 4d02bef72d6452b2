/**
 * Where the page is: the server's sources, and the location in the URL hash (router.js) opened
 * as a folder, as a search's map (`#/map/QUERY`), or as a message when it names no folder that
 * can be shown. The sources are asked
 * for again when they may have changed (cloud settings saved, the server back).
 */

import { upFrom } from '../app-state.js';
import { SEARCH_SOURCE } from '../components/sidebar.js';
import { icons } from '../icons.js';
import { PhotoList } from '../photo-list.js';
import { currentLocation, navigate } from '../router.js';
import { MAP_ROUTE } from './map.js';

/** The pause before asking a server that did not answer again: doubling from 1 s up to 10 s. */
const START_RETRY_MS = [1000, 2000, 4000, 8000, 10000];

export class NavigationController {
  #deps;

  /**
   * - store, api, settings, selection: the page's store, the server's API, the display settings, the selection.
   * - sidebar, toolbar, folderStrip, grid, status: what shows where the page is; drawer: the SidebarDrawer, closed once a place opens.
   * - folder, messages, cloud, map: the controllers that open a folder, say why none is open, or show a search's map.
   * - onSourcesLoaded(): the sources came (at start, or again); the backup's and the sync's status follow.
   */
  constructor(deps) {
    this.#deps = deps;
  }

  /** Learns the sources, asking again until the server answers, and opens the location. */
  async start(attempt = 0) {
    const { store, api, sidebar, grid, onSourcesLoaded } = this.#deps;
    try {
      store.set({ sources: await api.getSources() });
    } catch (error) {
      this.#showMessage({ title: 'Photolala is not available', text: `${error.message} Trying again…`, retry: true });
      setTimeout(() => this.start(attempt + 1), START_RETRY_MS[Math.min(attempt, START_RETRY_MS.length - 1)]);
      return;
    }
    sidebar.setSources(store.state.sources);
    this.open(currentLocation());
    onSourcesLoaded();
    grid.focus();
  }

  /**
   * After the server came back: its sources may have changed (a cloud configured, a folder added),
   * so the sidebar is drawn again, and a source shown as not configured, or gone, is opened again.
   */
  async reloadSources() {
    const { store, api, sidebar, folder, onSourcesLoaded } = this.#deps;
    let sources;
    try {
      sources = await api.getSources();
    } catch {
      return; // the next reconnection tries again
    }
    const changed = JSON.stringify(sources) !== JSON.stringify(store.state.sources);
    store.set({ sources });
    const { source } = store.state;
    if (changed) {
      sidebar.setSources(sources);
      sidebar.setCurrent(source?.id ?? currentLocation()?.source);
    }
    onSourcesLoaded();
    const open = source && sources.find((candidate) => candidate.id === source.id);
    if (changed && !(open?.configured && JSON.stringify(open.capabilities) === JSON.stringify(source.capabilities))) {
      folder.close();
      store.set({ source: null });
      this.open(currentLocation());
    }
  }

  /** Opens `location` (`{source, folder}` from the hash); none opens the first configured source. */
  open(location) {
    const { store, sidebar, drawer, folder } = this.#deps;
    const { sources } = store.state;
    if (sources.length === 0) return; // start() opens the location once the sources are known
    drawer.close();
    const configured = sources.filter((source) => source.configured);
    if (!location) {
      if (configured.length > 0) navigate(configured[0].id, configured[0].rootFolder ?? '~', { replace: true });
      else this.#showMessage({ title: 'No folders to browse', text: 'Start Photolala with one or more folders: photolala serve ~/Pictures' });
      return;
    }
    if (location.source === MAP_ROUTE) {
      this.#openMap(location.folder ?? '');
      return;
    }
    this.#deps.map.close();
    const source = sources.find((candidate) => candidate.id === location.source);
    sidebar.setCurrent(source?.id);
    if (location.source === SEARCH_SOURCE) sidebar.search.value = location.folder ?? '';
    if (!source) {
      this.#showMessage({ title: 'Source not found', text: `There is no source “${location.source}”. Choose one in the sidebar.` });
    } else if (!source.configured) {
      this.#showMessage({ title: `${source.name} is not configured`, text: source.message ?? 'This source has not been set up.', icon: icons.info });
    } else {
      folder.open(source, location.folder ?? source.rootFolder ?? '~');
    }
  }

  /** Opens the open folder's parent (a timeline's folder), if it has one. */
  goUp() {
    const { source, folder, info } = this.#deps.store.state;
    const up = upFrom(source, folder, info?.breadcrumb);
    if (up) navigate(up.source, up.folder);
  }

  /** The map of `query` instead of the folder view; the search box shows the query. */
  #openMap(query) {
    const { sidebar, messages, map } = this.#deps;
    sidebar.setCurrent(null);
    sidebar.search.value = query;
    this.#leaveFolder();
    messages.hide();
    map.open(query);
  }

  /** A full-pane message instead of the folder view: no folder is open meanwhile. */
  #showMessage(message) {
    this.#deps.map.close();
    this.#leaveFolder();
    this.#deps.messages.show(message);
  }

  /** Closes the open folder, and empties what showed it. */
  #leaveFolder() {
    const { store, settings, selection, grid, folderStrip, toolbar, status, folder, cloud } = this.#deps;
    folder.close();
    const list = new PhotoList(settings.get('sort'));
    store.set({ source: null, folder: null, list });
    selection.reset();
    grid.setFolder(null, null, list);
    folderStrip.setFolders(null, []);
    toolbar.breadcrumb.set(null, []);
    toolbar.setCanGoUp(false);
    toolbar.setTimeline(null);
    status.clear();
    document.title = 'Photolala';
    cloud.folderClosed();
  }
}
