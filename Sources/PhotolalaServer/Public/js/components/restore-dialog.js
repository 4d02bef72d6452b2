/**
 * The restore dialog (seed 002's PhotoRetrievalView): restoring originals from Deep Archive is an
 * explicit, priced request. The user picks a tier — Standard (about 12 hours) or Bulk (about 48
 * hours, cheaper); Deep Archive has no Expedited tier, so none is offered — and how many days the
 * restored copy stays readable. The cost estimate is fetched for the chosen tier and shown before
 * the Restore button can be pressed. A store without Deep Archive (SeaweedFS, MinIO) refuses
 * the restore: the dialog says so and offers to download the originals directly.
 */

import { el } from '../dom.js';
import { formatBytes, formatDollars, formatInteger } from '../format.js';

const TIERS = [
  ['Standard', 'Standard', 'about 12 hours'],
  ['Bulk', 'Bulk', 'about 48 hours, cheapest'],
];

export class RestoreDialog {
  #estimate;
  #request;
  #download;
  #ids = [];
  #pending = null;

  /**
   * - estimate(ids, tier, signal): the cost (`POST /api/cloud/restore/estimate`).
   * - request(ids, tier, days): asks for the restore; rejects with the reason.
   * - download(ids): downloads the originals as they are, from a store that has no archive.
   */
  constructor({ estimate, request, download }) {
    this.#estimate = estimate;
    this.#request = request;
    this.#download = download;
    this.title = el('h2', { class: 'dialog-title', text: 'Restore from Deep Archive' });
    this.tiers = TIERS.map(([value, label, note]) =>
      el('label', { class: 'restore-tier' },
        el('input', { type: 'radio', name: 'restore-tier', value, 'data-testid': `restore-tier-${value.toLowerCase()}`, onchange: () => this.#refreshEstimate() }),
        el('span', { class: 'restore-tier-name', text: label }),
        el('span', { class: 'restore-tier-note', text: note }),
      ));
    this.days = el('input', { class: 'restore-days', type: 'number', min: '1', max: '30', value: '7', 'data-testid': 'restore-days', 'aria-label': 'Days the restored copy stays readable', oninput: () => this.#validate() });
    this.costText = el('p', { class: 'restore-estimate', 'data-testid': 'restore-estimate', 'aria-live': 'polite' });
    this.note = el('p', { class: 'dialog-note', 'data-testid': 'restore-note', 'aria-live': 'polite' });
    this.confirmButton = el('button', { class: 'dialog-button is-primary', type: 'button', 'data-testid': 'restore-confirm', text: 'Restore', disabled: true, onclick: () => this.#confirm() });
    this.downloadButton = el('button', {
      class: 'dialog-button is-primary', type: 'button', 'data-testid': 'restore-download', text: 'Download', hidden: true,
      onclick: () => {
        this.#download(this.#ids);
        this.close();
      },
    });
    this.element = el(
      'div',
      { class: 'dialog restore-dialog', 'data-testid': 'restore-dialog', role: 'dialog', 'aria-modal': 'true', 'aria-label': 'Restore originals', hidden: true, onkeydown: (event) => event.key === 'Escape' && this.close() },
      this.title,
      el('fieldset', { class: 'restore-tiers' }, el('legend', { text: 'Speed' }), ...this.tiers),
      el('label', { class: 'restore-days-row' }, el('span', { text: 'Keep the restored copy for' }), this.days, el('span', { text: 'days' })),
      this.costText,
      el('div', { class: 'dialog-actions' },
        el('button', { class: 'dialog-button', type: 'button', 'data-testid': 'restore-cancel', text: 'Cancel', onclick: () => this.close() }),
        this.confirmButton,
        this.downloadButton,
      ),
      this.note,
    );
  }

  get isOpen() {
    return !this.element.hidden;
  }

  /** Opens the dialog for the Cloud photos `ids` (their MD5s), Bulk chosen. */
  open(ids) {
    this.#ids = ids;
    this.title.textContent = ids.length === 1 ? 'Restore the original from Deep Archive' : `Restore ${formatInteger(ids.length)} originals from Deep Archive`;
    this.tiers.forEach((label) => (label.querySelector('input').checked = label.querySelector('input').value === 'Bulk'));
    this.days.value = '7';
    this.note.textContent = '';
    this.confirmButton.hidden = false;
    this.downloadButton.hidden = true;
    this.element.hidden = false;
    this.#refreshEstimate();
    this.days.focus();
  }

  close() {
    this.#pending?.abort();
    this.element.hidden = true;
  }

  get #tier() {
    return this.tiers.map((label) => label.querySelector('input')).find((input) => input.checked)?.value ?? 'Bulk';
  }

  get #dayCount() {
    const days = Number(this.days.value);
    return Number.isInteger(days) && days >= 1 && days <= 30 ? days : null;
  }

  async #refreshEstimate() {
    this.#pending?.abort();
    const pending = new AbortController();
    this.#pending = pending;
    this.costText.textContent = 'Estimating the cost…';
    this.costText.dataset.ready = 'false';
    this.confirmButton.disabled = true;
    try {
      const estimate = await this.#estimate(this.#ids, this.#tier, pending.signal);
      if (pending.signal.aborted) return;
      const what = `${formatInteger(estimate.photos)} ${estimate.photos === 1 ? 'original' : 'originals'}, ${formatBytes(estimate.bytes)}`;
      this.costText.textContent = `${what}. Estimated cost: ${formatDollars(estimate.totalCost)} (retrieval ${formatDollars(estimate.retrievalCost)} + requests ${formatDollars(estimate.requestCost)}).`;
      this.costText.dataset.ready = 'true';
      this.costText.dataset.cost = String(estimate.totalCost);
      this.#validate();
    } catch (error) {
      if (pending.signal.aborted) return;
      this.costText.textContent = error.message;
    }
  }

  #validate() {
    const valid = this.#dayCount != null;
    this.note.textContent = valid ? '' : 'A restored copy stays readable for 1 to 30 days.';
    this.confirmButton.disabled = !valid || this.costText.dataset.ready !== 'true';
  }

  async #confirm() {
    const days = this.#dayCount;
    if (days == null) return;
    this.confirmButton.disabled = true;
    this.note.textContent = 'Asking Deep Archive…';
    try {
      await this.#request(this.#ids, this.#tier, days);
      this.close();
    } catch (error) {
      this.note.textContent = error.message;
      this.confirmButton.disabled = false;
      if (error.reason === 'restoreUnsupported') {
        // Nothing to restore from: the originals download as they are.
        this.downloadButton.textContent = this.#ids.length === 1 ? 'Download Original' : `Download ${formatInteger(this.#ids.length)} Originals`;
        this.confirmButton.hidden = true;
        this.downloadButton.hidden = false;
        this.downloadButton.focus();
      }
    }
  }
}
