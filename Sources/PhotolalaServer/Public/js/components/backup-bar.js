/**
 * The backup status bar, Safari's download bar for uploads: at the bottom of every tab while
 * starred photos upload ("Backing up 3 of 10 photos · 2.1 MB/s · about 1 min left") with a
 * progress bar; it stays a moment on the outcome, then hides.
 */

import { el } from '../dom.js';
import { formatBytes, formatInteger } from '../format.js';

/** How long the finished run's summary stays before the bar hides. */
const LINGER_MS = 2500;

export class BackupBar {
  #hideTimer = 0;
  #running = false;

  constructor() {
    this.text = el('span', { class: 'backup-bar-text', 'data-testid': 'backup-status-text' });
    this.progress = el('progress', { class: 'backup-bar-progress', max: '1', value: '0', 'aria-label': 'Backup progress' });
    this.element = el('div', { class: 'backup-bar', 'data-testid': 'backup-status', role: 'status', hidden: true }, this.text, this.progress);
  }

  /** Shows the queue's status (`GET /api/backup/status` or a `backup` event). */
  update(status) {
    if (status.uploading > 0) {
      clearTimeout(this.#hideTimer);
      this.#running = true;
      this.element.hidden = false;
      this.element.dataset.state = 'uploading';
      this.text.textContent = describeRun(status);
      const fraction = status.runBytesTotal > 0 ? status.runBytesUploaded / status.runBytesTotal : status.photosTotal > 0 ? status.photosDone / status.photosTotal : 0;
      this.progress.value = Math.min(1, fraction);
      return;
    }
    if (status.error) {
      this.#settle('failed', status.error);
    } else if (this.#running) {
      this.#settle('done', status.failed > 0 ? `Backed up, but ${formatInteger(status.failed)} photo${status.failed === 1 ? '' : 's'} failed` : 'Backup complete');
    }
  }

  #settle(state, text) {
    this.#running = false;
    this.element.hidden = false;
    this.element.dataset.state = state;
    this.text.textContent = text;
    this.progress.value = state === 'done' ? 1 : this.progress.value;
    clearTimeout(this.#hideTimer);
    this.#hideTimer = setTimeout(() => (this.element.hidden = true), state === 'failed' ? LINGER_MS * 4 : LINGER_MS);
  }
}

/** "Backing up 3 of 10 photos · 2.1 MB/s · about 1 min left", the parts known so far. */
function describeRun(status) {
  const total = status.photosTotal || status.uploading;
  const current = Math.min(total, (status.photosDone ?? 0) + 1);
  const parts = [`Backing up ${formatInteger(current)} of ${formatInteger(total)} photo${total === 1 ? '' : 's'}`];
  if (status.bytesPerSecond > 0) parts.push(`${formatBytes(Math.round(status.bytesPerSecond))}/s`);
  if (status.secondsRemaining != null) parts.push(`about ${formatDuration(status.secondsRemaining)} left`);
  return parts.join(' · ');
}

function formatDuration(seconds) {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}
