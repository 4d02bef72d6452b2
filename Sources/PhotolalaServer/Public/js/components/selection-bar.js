/**
 * The selection mode's toolbar, as the Photos app shows one on a phone: while the grid is in
 * selection mode (a long press on a photo, or the toolbar's Select), it says how many photos are
 * selected and offers what can be done to them (star for backup, export), and Done leaves the
 * mode. Its buttons are at least 44 px, for a finger.
 */

import { el } from '../dom.js';
import { formatInteger } from '../format.js';

export class SelectionBar {
  /**
   * - onStar(): star the selected photos for backup.
   * - onExport(): export (download) the selected photos.
   * - onDone(): leave selection mode.
   */
  constructor({ onStar, onExport, onDone }) {
    this.count = el('span', { class: 'selection-bar-count', 'data-testid': 'selection-count', 'aria-live': 'polite' });
    this.starButton = el('button', { class: 'selection-bar-action', type: 'button', 'data-testid': 'selection-star', text: 'Star', onclick: onStar });
    this.exportButton = el('button', { class: 'selection-bar-action', type: 'button', 'data-testid': 'selection-export', text: 'Export', onclick: onExport });
    this.doneButton = el('button', { class: 'selection-bar-action is-done', type: 'button', 'data-testid': 'selection-done', text: 'Done', onclick: onDone });
    this.element = el(
      'div',
      { class: 'selection-bar', 'data-testid': 'selection-bar', role: 'toolbar', 'aria-label': 'Selected photos', hidden: true },
      this.count,
      this.starButton,
      this.exportButton,
      this.doneButton,
    );
  }

  /**
   * Shows the bar for `count` selected photos while `selecting`, with the actions the open
   * source offers (`canStar`, `canExport`); hides it otherwise.
   */
  update({ selecting, count, canStar, canExport }) {
    this.element.hidden = !selecting;
    if (!selecting) return;
    this.count.textContent = count === 0 ? 'Select photos' : `${formatInteger(count)} selected`;
    this.starButton.hidden = !canStar;
    this.exportButton.hidden = !canExport;
    this.starButton.disabled = this.exportButton.disabled = count === 0;
  }
}
