/**
 * The Cloud settings panel, opened from the sidebar: where backups go (endpoint, bucket, region, or a folder),
 * as whom (user id, access key id; never the secret), the quota and the storage used, and a
 * "Back Up Now" button. Without a bucket and credentials it names the environment variables to set.
 */

import { el } from '../dom.js';
import { formatBytes } from '../format.js';

export class CloudSettings {
  #load;
  #onBackUp;
  #request = null;

  /**
   * - load(signal): fetches the settings (`GET /api/cloud`).
   * - onBackUp(): "Back Up Now" was pressed; returns a promise that rejects with the reason.
   */
  constructor({ load, onBackUp }) {
    this.#load = load;
    this.#onBackUp = onBackUp;
    this.body = el('div', { class: 'cloud-settings-body' });
    this.note = el('p', { class: 'cloud-settings-note', 'data-testid': 'cloud-settings-note', 'aria-live': 'polite' });
    this.backUpButton = el('button', { class: 'cloud-settings-button', type: 'button', 'data-testid': 'backup-now', text: 'Back Up Now', onclick: () => this.#backUp() });
    this.element = el(
      'div',
      { class: 'cloud-settings', 'data-testid': 'cloud-settings', role: 'dialog', 'aria-label': 'Cloud backup settings', hidden: true, onkeydown: (event) => event.key === 'Escape' && this.close() },
      el('div', { class: 'cloud-settings-header' },
        el('h2', { class: 'cloud-settings-title', text: 'Cloud Backup' }),
        el('button', { class: 'tool', type: 'button', 'data-testid': 'cloud-settings-close', 'aria-label': 'Close', text: '✕', onclick: () => this.close() }),
      ),
      this.body,
      el('div', { class: 'cloud-settings-actions' }, this.backUpButton),
      this.note,
    );
  }

  get isOpen() {
    return !this.element.hidden;
  }

  /** Shows the panel and fetches the settings afresh (the storage used changes with each run). */
  async open() {
    this.element.hidden = false;
    this.note.textContent = '';
    this.body.replaceChildren(el('p', { class: 'cloud-settings-loading', text: 'Loading…' }));
    this.backUpButton.focus();
    this.#request?.abort();
    const request = new AbortController();
    this.#request = request;
    try {
      this.#show(await this.#load(request.signal));
    } catch (error) {
      if (request.signal.aborted) return;
      this.body.replaceChildren(el('p', { class: 'cloud-settings-error', text: error.message }));
    }
  }

  close() {
    this.#request?.abort();
    this.element.hidden = true;
  }

  #show(cloud) {
    const place = cloud.folder
      ? [['Backup folder', cloud.folder, 'folder']]
      : [
          ['Endpoint', cloud.endpoint, 'endpoint'],
          ['Bucket', cloud.bucket, 'bucket'],
          ['Region', cloud.region, 'region'],
        ];
    const rows = [
      ...place,
      ['User ID', cloud.userID, 'user-id'],
      ['Quota', cloud.quotaBytes != null ? formatBytes(cloud.quotaBytes) : 'No limit', 'quota'],
      ['Storage used', cloud.usedBytes != null ? formatBytes(cloud.usedBytes) : cloud.usageError ?? '—', 'used'],
      ...(cloud.folder ? [] : [['Access key ID', cloud.accessKeyID, 'access-key']]),
    ];
    const list = el(
      'dl',
      { class: 'cloud-settings-list' },
      ...rows.flatMap(([label, value, key]) => [el('dt', { text: label }), el('dd', { 'data-field': key, text: value ?? '(not set)' })]),
    );
    const message = cloud.configured ? null : el('p', { class: 'cloud-settings-message', 'data-testid': 'cloud-settings-message', text: cloud.message });
    this.body.replaceChildren(...[message, list, this.#lastVerify(cloud)].filter(Boolean));
    this.backUpButton.disabled = !cloud.configured;
  }

  /** "Last verified: <date> — N photos checked, M problems", from `photolala backup verify`. */
  #lastVerify(cloud) {
    if (!cloud.configured) return null;
    const last = cloud.lastVerify;
    const text = last
      ? `Last verified: ${new Date(last.date).toLocaleString()} — ${last.photosChecked.toLocaleString()} photos checked, ${last.problems.toLocaleString()} problems`
      : cloud.lastVerifyError ?? 'Never verified: run photolala backup verify.';
    const problems = last ? last.problems > 0 : false;
    return el('p', { class: `cloud-settings-verify${problems ? ' has-problems' : ''}`, 'data-testid': 'backup-last-verify', text });
  }

  async #backUp() {
    this.note.textContent = 'Backing up the starred photos…';
    try {
      await this.#onBackUp();
    } catch (error) {
      this.note.textContent = error.message;
    }
  }
}
