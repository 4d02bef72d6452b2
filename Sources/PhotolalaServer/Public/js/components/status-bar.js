/**
 * The status bar: how many photos the folder has (counting up while it is listed, with a progress
 * bar, as seed 002's progressive loading shows it), what is selected, and whether live updates
 * are connected.
 */

import { el } from '../dom.js';
import { formatBytes, formatInteger, formatPhotoCount } from '../format.js';

/** How long what was just done stays said. */
const NOTICE_MS = 4000;

export class StatusBar {
  #noticeTimer = 0;

  constructor() {
    this.count = el('span', { class: 'status-count', 'data-testid': 'status-count', 'aria-live': 'polite' });
    this.selection = el('span', { class: 'status-selection', 'data-testid': 'status-selection' });
    this.progress = el('progress', { class: 'status-progress', 'data-testid': 'listing-progress', 'aria-label': 'Listing photos', hidden: true });
    this.notice = el('span', { class: 'status-notice', 'data-testid': 'status-notice', role: 'status', 'aria-live': 'polite' });
    this.connection = el('span', { class: 'status-connection', 'data-testid': 'connection-status', hidden: true, text: 'Reconnecting… live updates paused' });
    this.element = el(
      'div',
      { class: 'status-bar' },
      el('div', { class: 'status-left' }, this.count, this.selection),
      el('div', { class: 'status-right' }, this.notice, this.connection, this.progress),
    );
  }

  /** The folder's photo count; while `complete` is false, a progress bar and "Listing…". */
  setProgress({ count, complete }) {
    this.element.dataset.complete = String(complete);
    this.count.textContent = complete ? formatPhotoCount(count) : `Listing… ${formatInteger(count)} photos so far`;
    this.progress.hidden = complete;
  }

  /** Clears the counts (no folder open). */
  clear() {
    this.count.textContent = '';
    this.selection.textContent = '';
    this.progress.hidden = true;
  }

  /** "3 selected (10.2 MB)", or nothing. */
  setSelection(count, bytes) {
    this.selection.textContent = count === 0 ? '' : `${formatInteger(count)} selected${bytes ? ` (${formatBytes(bytes)})` : ''}`;
  }

  /** Says what was just done ("Rated 20 photos ★★★★☆") for a few seconds. */
  announce(text) {
    clearTimeout(this.#noticeTimer);
    this.notice.textContent = text;
    this.#noticeTimer = setTimeout(() => (this.notice.textContent = ''), NOTICE_MS);
  }

  /** Shows that the event stream is down (and live updates with it). */
  setConnected(connected) {
    this.connection.hidden = connected;
  }
}
