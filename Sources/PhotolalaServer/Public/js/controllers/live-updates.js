/**
 * The server's event stream, shared by the tab's open folder, the backup and the cloud sync; and
 * the backup's and the sync's status asked for outright (at start, after a reconnection), shown
 * unless an event overtook the answer.
 */

import { isCloudOpen } from '../app-state.js';

export class LiveUpdatesController {
  #store;
  #api;
  #status;
  #loader;
  #backup;
  #cloud;
  #inspector;
  #onSources;
  #onVerify;
  #onAlbums;
  /**
   * How many `backup` and `cloud-sync` events this tab has received. A status that a request
   * answers travels on another connection than the events and can arrive after a newer event: the
   * sidebar would then say "Syncing…" for a sync that has ended, until the next one.
   */
  #eventsSeen = { backup: 0, 'cloud-sync': 0 };

  /**
   * - store, api: the page's store and the server's API.
   * - status, loader, inspector: the status bar's connection line, the thumbnails, the inspector.
   * - backup, cloud: the BackupController and the CloudController the events feed.
   * - onVerify(verification): a verification of the backup went on or ended.
   * - onSources(): the sources may have changed (settings saved, or the stream came back).
   * - onAlbums(albums): the albums changed (`albums` event), or the stream came back (`null`):
   *   what changed meanwhile came as no event.
   */
  constructor({ store, api, status, loader, inspector, backup, cloud, onVerify, onSources, onAlbums }) {
    this.#store = store;
    this.#api = api;
    this.#status = status;
    this.#loader = loader;
    this.#inspector = inspector;
    this.#backup = backup;
    this.#cloud = cloud;
    this.#onSources = onSources;
    this.#onVerify = onVerify;
    this.#onAlbums = onAlbums;
  }

  /** The backup bar and the cloud catalog's sync line, as the server has them now. */
  loadServerState() {
    this.showUnlessOvertaken('backup', this.#api.getBackupStatus, (backup) => this.#backup.showStatus(backup)).catch(() => {}); // the events bring it later
    if (this.#store.state.sources.some((source) => source.kind === 'cloud' && source.configured)) {
      this.showUnlessOvertaken('cloud-sync', this.#api.getCloudSync, (sync) => this.#cloud.showSync(sync)).catch(() => {});
    }
  }

  /**
   * Shows what `request` answers with `show`, unless an event of `kind` arrived while it was out:
   * the server sends an event for every change, in order, so that event is as new as the answer.
   */
  async showUnlessOvertaken(kind, request, show) {
    const seen = this.#eventsSeen[kind];
    const answer = await request();
    if (this.#eventsSeen[kind] === seen) show(answer);
  }

  /** Listens to the event stream for as long as the page is open. */
  connect() {
    const session = () => this.#store.state.session;
    let everConnected = false;
    let dropped = false;
    let dropTimer = 0;
    this.#api.subscribeEvents({
      onChange: (event) => session()?.handleChange(event),
      onListing: (event) => session()?.handleListing(event),
      onFolder: (event) => session()?.handleFolder(event),
      onClosed: (event) => session()?.handleClosed(event),
      onBackup: (backup) => {
        this.#eventsSeen.backup += 1;
        this.#backup.showStatus(backup);
      },
      onVerify: (verification) => this.#onVerify(verification),
      onBadges: (event) => {
        if (session()?.concerns(event)) this.#backup.scheduleBadges();
      },
      onCloudSync: (sync) => {
        this.#eventsSeen['cloud-sync'] += 1;
        this.#cloud.showSync(sync);
        if (!sync.syncing) this.#onAlbums(null); // a sync merges other devices' albums
      },
      onSources: () => this.#onSources(), // the cloud settings were saved, here or in another tab
      onIndexing: (indexing) => this.#store.set({ indexing: indexing.complete ? null : indexing }),
      onAlbums: (albums) => this.#onAlbums(albums),
      onRestore: () => {
        if (!isCloudOpen(this.#store.state)) return;
        this.#backup.scheduleBadges();
        this.#inspector.refresh(); // the original's state is in it
      },
      onConnection: (connected) => {
        clearTimeout(dropTimer);
        if (connected) {
          this.#status.setConnected(true);
          if (dropped) {
            this.#loader.forgetFailures();
            session()?.resync();
            this.#backup.loadBadges();
            this.#onSources();
            this.#onAlbums(null);
          } else if (this.#store.state.sources.length > 0) {
            this.loadServerState(); // what changed before this tab's stream opened came as no event
          }
          everConnected = true;
          dropped = false;
        } else if (everConnected) {
          dropped = true;
          dropTimer = setTimeout(() => this.#status.setConnected(false), 1500); // a blip is not worth a message
        }
      },
    });
  }
}
