/**
 * The Cloud settings panel, opened from the sidebar: where backups go (endpoint, bucket, region, or a folder),
 * as whom (user id, access key id; never the secret), the quota and the storage used, how the
 * last run ended, the photos that failed (each with its reason and a Retry button), when the
 * backup was last verified with a "Verify Now" that checks it here, with its progress, and a
 * "Back Up Now" button. "Change settings" holds the form that sets the cloud (open while there
 * is none); saved settings take effect at once. Esc and a click outside close it.
 */

import { el } from '../dom.js';
import { formatBytes, formatISODateTime, formatISOTime, formatInteger, formatPhotoCount } from '../format.js';
import { CloudSettingsForm } from './cloud-settings-form.js';

export class CloudSettings {
  #load;
  #loadSettings;
  #loadFailures;
  #onBackUp;
  #onRetry;
  #verify;
  #request = null;
  #configured = false;
  #uploading = false;
  /**
   * The date of the last run in the last status (`null` before the first run, `undefined` before
   * the first status), so a run's end reloads the storage used and failures once.
   */
  #lastRunDate = undefined;

  /**
   * - load(signal): fetches the settings' summary (`GET /api/cloud`).
   * - loadSettings(signal): fetches the editable settings (`GET /api/cloud/settings`).
   * - saveSettings(change): saves them (`PUT /api/cloud/settings`); returns a promise of the saved settings.
   * - testSettings(): tries the saved settings (`POST /api/cloud/settings/test`); returns a promise of `{ok, message, canCreateBucket}`.
   * - createBucket(): creates their bucket and tests again (`POST /api/cloud/settings/bucket`); answers as testSettings.
   * - verify(): starts a verification of the backup (`POST /api/backup/verify`); its progress comes to showVerification.
   * - loadFailures(signal): fetches the failed photos (`GET /api/backup/failures`).
   * - onBackUp(): "Back Up Now" was pressed; returns a promise that rejects with the reason.
   * - onRetry(md5s): a failed photo's Retry was pressed; returns a promise.
   */
  constructor({ load, loadSettings, saveSettings, testSettings, createBucket, verify, loadFailures, onBackUp, onRetry }) {
    this.#load = load;
    this.#verify = verify;
    this.#loadSettings = loadSettings;
    this.#loadFailures = loadFailures;
    this.#onBackUp = onBackUp;
    this.#onRetry = onRetry;
    this.body = el('div', { class: 'cloud-settings-body' });
    this.lastRun = el('p', { class: 'cloud-settings-last-run', 'data-testid': 'backup-last-run', 'aria-live': 'polite', hidden: true });
    this.failures = el('ul', { class: 'cloud-settings-failures', 'data-testid': 'backup-failures', 'aria-label': 'Photos that failed to back up', hidden: true });
    this.note = el('p', { class: 'cloud-settings-note', 'data-testid': 'cloud-settings-note', 'aria-live': 'polite' });
    this.form = new CloudSettingsForm({
      save: async (change) => {
        const saved = await saveSettings(change);
        this.#refreshSummary();
        return saved;
      },
      // What the store answered is what the summary shows next: the storage used, read afresh.
      test: async () => {
        const answer = await testSettings();
        this.#refreshSummary();
        return answer;
      },
      createBucket: async () => {
        const answer = await createBucket();
        this.#refreshSummary();
        return answer;
      },
    });
    this.edit = el('details', { class: 'cloud-settings-edit', 'data-testid': 'cloud-settings-edit' }, el('summary', { text: 'Change settings' }), this.form.element);
    this.backUpButton = el('button', { class: 'cloud-settings-button', type: 'button', 'data-testid': 'backup-now', text: 'Back Up Now', onclick: () => this.#backUp() });
    this.verifyText = el('p', { class: 'cloud-settings-verify', 'data-testid': 'backup-last-verify', 'aria-live': 'polite', hidden: true });
    this.verifyProgress = el('progress', { class: 'cloud-settings-verify-progress', 'data-testid': 'backup-verify-progress', max: '1', value: '0', 'aria-label': 'Verification', hidden: true });
    this.verifyButton = el('button', {
      class: 'cloud-settings-button secondary', type: 'button', 'data-testid': 'backup-verify', text: 'Verify Now', hidden: true, onclick: () => this.#startVerification(),
    });
    this.element = el(
      'div',
      { class: 'cloud-settings', 'data-testid': 'cloud-settings', role: 'dialog', 'aria-label': 'Cloud backup settings', hidden: true, onkeydown: (event) => event.key === 'Escape' && this.close() },
      el('div', { class: 'cloud-settings-header' },
        el('h2', { class: 'cloud-settings-title', text: 'Cloud Backup' }),
        el('button', { class: 'tool', type: 'button', 'data-testid': 'cloud-settings-close', 'aria-label': 'Close', text: '✕', onclick: () => this.close() }),
      ),
      this.body,
      this.edit,
      this.lastRun,
      this.failures,
      el('div', { class: 'cloud-settings-verify-row' }, this.verifyText, this.verifyProgress),
      el('div', { class: 'cloud-settings-actions' }, this.verifyButton, this.backUpButton),
      this.note,
    );
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && this.isOpen) this.close();
    });
    // A press outside closes the panel; the sidebar button that opens it opens it again.
    document.addEventListener('pointerdown', (event) => {
      if (this.isOpen && !this.element.contains(event.target)) this.close();
    });
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
    this.#loadSettings(request.signal).then(
      (settings) => this.form.show(settings),
      (error) => {
        if (!request.signal.aborted) this.form.message.textContent = error.message;
      },
    );
    try {
      const cloud = await this.#load(request.signal);
      this.#show(cloud);
      this.edit.open = !cloud.configured;
      await this.#showFailures(request.signal);
    } catch (error) {
      if (request.signal.aborted) return;
      this.body.replaceChildren(el('p', { class: 'cloud-settings-error', text: error.message }));
    }
  }

  /** The summary again, after the settings were saved; the form keeps what it shows. */
  async #refreshSummary() {
    try {
      this.#show(await this.#load());
    } catch (error) {
      this.body.replaceChildren(el('p', { class: 'cloud-settings-error', text: error.message }));
    }
  }

  /**
   * The queue's status (`GET /api/backup/status` or a `backup` event): how the last run ended,
   * and, when a run has just ended, the storage used and the failures fetched afresh.
   */
  update(status) {
    this.#uploading = status.uploading > 0;
    this.#updateButton();
    const run = status.lastRun;
    if (status.error || run) {
      this.lastRun.hidden = false;
      this.lastRun.textContent = describeLastRun(status);
      this.lastRun.dataset.state = status.error || run?.error ? 'stopped' : run.failed > 0 ? 'failed' : 'done';
    }
    const runEnded = run != null && run.date !== this.#lastRunDate && this.#lastRunDate !== undefined;
    this.#lastRunDate = run?.date ?? null;
    if (runEnded && this.isOpen) this.open();
  }

  /** Hides the panel; what was typed in the form and not saved is gone when it opens again. */
  close() {
    this.#request?.abort();
    this.form.discardEdits();
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
    this.body.replaceChildren(...[message, list].filter(Boolean));
    this.#showLastVerify(cloud);
    this.#configured = cloud.configured;
    this.#updateButton();
  }

  /** "Back Up Now" works with a cloud, and not while a run is going. */
  #updateButton() {
    this.backUpButton.disabled = !this.#configured || this.#uploading;
    this.backUpButton.title = !this.#configured ? 'No cloud backup is configured' : this.#uploading ? 'A backup is running' : '';
  }

  /** Each failed photo: name, folder, reason, and Retry, which queues it again and backs up. */
  async #showFailures(signal) {
    const { items } = await this.#loadFailures(signal);
    this.failures.hidden = items.length === 0;
    this.failures.replaceChildren(
      ...items.map((failure) => {
        const retry = el('button', { class: 'cloud-settings-retry', type: 'button', 'data-testid': 'backup-retry', text: 'Retry', 'aria-label': `Retry ${failure.name}` });
        const row = el(
          'li',
          { class: 'cloud-settings-failure', 'data-testid': 'backup-failure', 'data-md5': failure.md5 },
          el('div', { class: 'cloud-settings-failure-text' },
            el('span', { class: 'cloud-settings-failure-name', text: failure.name }),
            el('span', { class: 'cloud-settings-failure-folder', text: failure.folder }),
            el('span', { class: 'cloud-settings-failure-reason', text: failure.reason }),
          ),
          retry,
        );
        retry.onclick = async () => {
          retry.disabled = true;
          try {
            await this.#onRetry([failure.md5]);
            row.remove();
            this.failures.hidden = this.failures.childElementCount === 0;
            this.note.textContent = `Queued ${failure.name} again.`;
          } catch (error) {
            retry.disabled = false;
            this.note.textContent = error.message;
          }
        };
        return row;
      }),
    );
  }

  /**
   * "Last verified: <date> — N photos checked, M problems" (by Verify Now or `photolala backup
   * verify`), or how far the verification under way is.
   */
  #showLastVerify(cloud) {
    this.verifyButton.hidden = !cloud.configured;
    this.verifyText.hidden = !cloud.configured;
    if (!cloud.configured) return;
    if (cloud.verification?.running) {
      this.showVerification(cloud.verification);
      return;
    }
    const last = cloud.lastVerify;
    this.verifyText.textContent = last
      ? `Last verified: ${formatISODateTime(last.date)} — ${formatPhotoCount(last.photosChecked)} checked, ${formatInteger(last.problems)} ${last.problems === 1 ? 'problem' : 'problems'}`
      : cloud.lastVerifyError ?? 'Never verified.';
    this.verifyText.classList.toggle('has-problems', last ? last.problems > 0 : false);
    this.verifyProgress.hidden = true;
  }

  /** A verification's progress or end (a `verify` event, or the answer that started it). */
  showVerification(verification) {
    this.verifyButton.disabled = verification.running;
    this.verifyProgress.hidden = !verification.running;
    this.verifyText.hidden = false;
    if (verification.running) {
      this.verifyProgress.max = Math.max(verification.total, 1);
      this.verifyProgress.value = verification.done;
      this.verifyText.textContent = verification.total > 0
        ? `Verifying the backup… ${formatInteger(verification.done)} of ${formatPhotoCount(verification.total)} checked`
        : 'Verifying the backup… listing the bucket';
    } else if (verification.error) {
      this.verifyText.textContent = verification.error;
    } else if (this.isOpen) {
      this.#refreshSummary(); // the new "Last verified" line, as recorded
    }
  }

  async #startVerification() {
    this.verifyButton.disabled = true;
    try {
      this.showVerification(await this.#verify());
    } catch (error) {
      this.verifyButton.disabled = false;
      this.verifyText.textContent = error.message;
    }
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

/** "Last run: done — 3 uploaded, 1 already in the cloud", "… 2 failed", or why it stopped. */
function describeLastRun(status) {
  const run = status.lastRun;
  const when = run ? ` (${formatISOTime(run.date)})` : '';
  // The run's error says itself how the run ended ("The backup run stopped: …").
  if (run?.error) return `Last run${when}: ${run.error}`;
  if (status.error) return `Last run${when} stopped: ${status.error}`;
  const counts = `${formatInteger(run.uploaded)} uploaded, ${formatInteger(run.skipped)} already in the cloud`;
  if (run.failed > 0) return `Last run${when}: ${counts}, ${formatInteger(run.failed)} failed — see below`;
  return `Last run${when}: done — ${counts}`;
}
