/**
 * The form of the Cloud Backup panel that sets where backups go: endpoint, bucket, region, user
 * id, access key id and secret. Saving takes effect at once (no restart). The secret is never
 * shown: its field stays blank, and left blank it keeps the saved one. A field that the
 * environment or ~/.aws sets instead is disabled and says what sets it, so a save never seems
 * to be ignored. "Test Connection" asks the store of the saved settings for one key and says what
 * failed, if anything (refused, wrong key, no such bucket); a bucket that does not exist yet can
 * be created from here.
 */

import { el } from '../dom.js';

const FIELDS = [
  { key: 'endpoint', label: 'Endpoint', id: 'endpoint', placeholder: 'http://127.0.0.1:8333 — blank for AWS S3', type: 'url' },
  { key: 'bucket', label: 'Bucket', id: 'bucket', placeholder: 'my-photos' },
  { key: 'region', label: 'Region', id: 'region', placeholder: 'us-east-1' },
  { key: 'userID', label: 'User ID', id: 'user-id', placeholder: 'blank: made up for this device' },
  { key: 'accessKeyID', label: 'Access key ID', id: 'access-key-id', placeholder: 'AKIA…' },
  { key: 'secretAccessKey', label: 'Secret access key', id: 'secret', type: 'password' },
];

export class CloudSettingsForm {
  #save;
  #test;
  #createBucket;
  #inputs = new Map();
  #hints = new Map();
  /** The fields typed in since the form was last saved: settings fetched late never overwrite them. */
  #edited = new Set();

  /**
   * - save(change): sends the changed settings (`PUT /api/cloud/settings`); returns a promise of the saved settings.
   * - test(): tries the saved settings (`POST /api/cloud/settings/test`); returns a promise of `{ok, message, canCreateBucket}`.
   * - createBucket(): creates the saved settings' bucket, then tests again (`POST /api/cloud/settings/bucket`); answers as `test`.
   */
  constructor({ save, test, createBucket }) {
    this.#save = save;
    this.#test = test;
    this.#createBucket = createBucket;
    this.message = el('p', { class: 'cloud-form-message', 'data-testid': 'cloud-settings-form-message', 'aria-live': 'polite' });
    this.saveButton = el('button', { class: 'cloud-settings-button', type: 'submit', 'data-testid': 'cloud-settings-save', text: 'Save Settings' });
    this.testButton = el('button', { class: 'cloud-settings-button secondary', type: 'button', 'data-testid': 'cloud-settings-test', text: 'Test Connection', onclick: () => this.#testConnection() });
    this.createBucketButton = el('button', {
      class: 'cloud-settings-button', type: 'button', 'data-testid': 'cloud-settings-create-bucket', text: 'Create Bucket', hidden: true, onclick: () => this.#createMissingBucket(),
    });
    const rows = FIELDS.map((field) => {
      const input = el('input', {
        id: `cloud-settings-${field.id}`,
        class: 'cloud-form-input',
        type: field.type ?? 'text',
        name: field.key,
        placeholder: field.placeholder,
        autocomplete: field.type === 'password' ? 'new-password' : 'off',
        spellcheck: 'false',
        'data-testid': `cloud-settings-${field.id}`,
        oninput: () => this.#edited.add(field.key),
      });
      const hint = el('span', { class: 'cloud-form-hint', 'data-testid': `cloud-settings-${field.id}-hint`, hidden: true });
      this.#inputs.set(field.key, input);
      this.#hints.set(field.key, hint);
      return el('div', { class: 'cloud-form-row' }, el('label', { for: input.id, text: field.label }), input, hint);
    });
    this.element = el(
      'form',
      { class: 'cloud-form', 'data-testid': 'cloud-settings-form', 'aria-label': 'Cloud settings', novalidate: true, onsubmit: (event) => this.#submit(event) },
      ...rows,
      el('div', { class: 'cloud-form-actions' }, this.testButton, this.saveButton),
      this.createBucketButton,
      this.message,
    );
  }

  /**
   * Fills the form from the settings (`GET /api/cloud/settings`); a field set elsewhere is
   * disabled and says by what. A field typed in and not saved yet keeps what was typed: the
   * settings may come after the typing began.
   */
  show(settings) {
    for (const { key } of FIELDS) {
      const input = this.#inputs.get(key);
      const hint = this.#hints.get(key);
      const source = settings.overrides?.[key];
      if (source || !this.#edited.has(key)) input.value = key === 'secretAccessKey' ? '' : (settings[key] ?? '');
      input.disabled = Boolean(source);
      hint.hidden = !source && key !== 'secretAccessKey';
      hint.textContent = source ? `Set by ${source}` : settings.hasSecret ? 'Saved. Leave blank to keep it.' : 'Not saved yet.';
    }
    this.message.textContent = settings.folder ? `Backups go to the folder ${settings.folder}, which wins over the bucket.` : '';
  }

  /** Forgets what was typed and not saved, so that the form shows the saved settings when next filled. */
  discardEdits() {
    this.#edited.clear();
  }

  /** One cheap request with the saved settings; the answer says what failed, if anything. */
  #testConnection() {
    return this.#ask(this.testButton, 'Testing the saved settings…', this.#test);
  }

  /** Creates the bucket the test found missing, then says how the connection stands. */
  #createMissingBucket() {
    const bucket = this.#inputs.get('bucket').value.trim();
    return this.#ask(this.createBucketButton, `Creating the bucket '${bucket}'…`, this.#createBucket);
  }

  /** Runs `request` with `button` disabled, saying `pending` meanwhile, then the answer; offers to create a missing bucket. */
  async #ask(button, pending, request) {
    button.disabled = true;
    this.message.dataset.state = '';
    this.message.textContent = pending;
    try {
      const { ok, message, canCreateBucket } = await request();
      this.message.dataset.state = ok ? 'connected' : 'error';
      this.message.textContent = message;
      this.createBucketButton.hidden = !canCreateBucket;
      if (canCreateBucket) this.createBucketButton.textContent = `Create Bucket '${this.#inputs.get('bucket').value.trim()}'`;
    } catch (error) {
      this.message.dataset.state = 'error';
      this.message.textContent = error.message;
    } finally {
      button.disabled = false;
    }
  }

  /** Sends the fields that can be changed (a disabled one stays as it is); the secret only when typed. */
  async #submit(event) {
    event.preventDefault();
    const change = {};
    for (const [key, input] of this.#inputs) {
      if (input.disabled) continue;
      if (key === 'secretAccessKey' && input.value === '') continue;
      change[key] = input.value.trim();
    }
    this.saveButton.disabled = true;
    this.message.dataset.state = '';
    this.message.textContent = 'Saving…';
    try {
      const saved = await this.#save(change);
      this.discardEdits();
      this.show(saved);
      this.message.dataset.state = saved.configured ? 'saved' : 'incomplete';
      this.message.textContent = saved.configured ? 'Saved. The backup uses these settings now.' : `Saved. ${saved.message ?? ''}`.trim();
    } catch (error) {
      this.message.dataset.state = 'error';
      this.message.textContent = error.message;
    } finally {
      this.saveButton.disabled = false;
    }
  }
}
