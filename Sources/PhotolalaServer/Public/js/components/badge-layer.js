/**
 * Badges over the photo grid, drawn as SVG icons (badgeIcons): starred, uploading, backed up,
 * failed (the reason in the title) — backed up also for photos the cloud catalog lists though
 * another device uploaded them — and in the Cloud source restoring and restored. They live in one absolutely positioned layer
 * inside the grid's scroller rather than in the cells, so a cell stays a single <img> and rows
 * recycle as before; only mounted cells with a badge get one, taken from a pool. One hover badge
 * (an outlined star) follows the pointer's unstarred cell where photos can be starred. Clicking a star-queue
 * badge toggles the photo's star.
 */

import { el } from '../dom.js';
import { formatISODateTime } from '../format.js';
import { badgeIcons } from '../icons.js';

/** What each badge says to a screen reader. */
const LABELS = {
  starred: 'Starred',
  uploading: 'Uploading',
  backedUp: 'Backed up',
  failed: 'Backup failed',
  restoring: 'Restoring',
  restored: 'Restored',
};
const TITLES = {
  starred: 'Starred for backup. Click to unstar.',
  uploading: 'Uploading to the cloud…',
  backedUp: 'Backed up to the cloud. Click to unstar.',
  restoring: 'Being restored from Deep Archive…',
};
/** The badge's size and its distance from the cell's top right corner, in pixels. */
const SIZE = 22;
const INSET = 4;

export class BadgeLayer {
  #onToggle;
  #states = new Map(); // item id → {state, reason}
  #shown = []; // badge elements in use
  #pool = [];
  #hover;
  #starrable = true;

  /** - onToggle(id, starred): the badge of photo `id` was clicked; `starred` is the wish. */
  constructor({ onToggle }) {
    this.#onToggle = onToggle;
    this.#hover = el('span', {
      class: 'cell-badge is-hover',
      'data-testid': 'hover-badge',
      'data-state': 'unstarred',
      role: 'button',
      'aria-label': 'Star for backup',
      html: badgeIcons.star,
      title: 'Star for backup',
      hidden: true,
    });
    this.element = el('div', { class: 'grid-badges', onclick: (event) => this.#onClick(event) }, this.#hover);
  }

  /** Whether no photo of the folder has a state, so the grid can skip looking. */
  get isEmpty() {
    return this.#states.size === 0;
  }

  /** The photo's backup state (`starred`, `uploading`, `backedUp`, `failed`), or null. */
  stateOf(id) {
    return this.#states.get(id)?.state ?? null;
  }

  /** Whether the photo is in the star queue (not merely found in the cloud catalog). */
  isStarred(id) {
    const badge = this.#states.get(id);
    return badge?.state != null && !badge.inCloud;
  }

  /** The restore state of a Cloud photo (`restoring`, `restored`), or null. */
  restoreOf(id) {
    return this.#states.get(id)?.restore ?? null;
  }

  /** Whether the photo has a badge of any kind. */
  has(id) {
    return this.#states.has(id);
  }

  /** Whether photos here can be starred: not in the Cloud source, whose photos are the backup. */
  setStarrable(starrable) {
    this.#starrable = starrable;
    if (!starrable) this.#hover.hidden = true;
  }

  /** Replaces every state (a folder's badges as fetched). */
  replace(items) {
    this.#states = new Map(Object.entries(items).filter(([, badge]) => badge.state || badge.restore));
  }

  /** Applies states of some photos (a star request's answer); a null state removes the badge. */
  merge(items) {
    for (const [id, badge] of Object.entries(items)) {
      if (badge.error) continue;
      if (badge.state || badge.restore) this.#states.set(id, badge);
      else this.#states.delete(id);
    }
  }

  /**
   * Draws the badges of the mounted cells: `cells` is `[{id, x, y, size}]` with each cell's top
   * left corner in the scroller's content. Elements are reused in place; only leftovers detach.
   */
  place(cells) {
    let used = 0;
    for (const cell of cells) {
      const badge = this.#states.get(cell.id);
      if (!badge) continue;
      const element = this.#shown[used] ?? this.#take();
      used += 1;
      const state = badge.restore ?? badge.state;
      if (element.dataset.id !== cell.id || element.dataset.state !== state || element.title !== this.#title(badge)) {
        element.dataset.id = cell.id;
        element.dataset.state = state;
        element.dataset.inCloud = String(Boolean(badge.inCloud));
        element.innerHTML = badgeIcons[state] ?? badgeIcons.failed;
        element.setAttribute('aria-label', LABELS[state] ?? LABELS.failed);
        element.title = this.#title(badge);
      }
      element.style.transform = this.#position(cell);
    }
    while (this.#shown.length > used) {
      const element = this.#shown.pop();
      element.remove();
      this.#pool.push(element);
    }
  }

  /** Shows the ☆ badge on an unstarred cell under the pointer (`{id, x, y, size}`), or hides it. */
  hover(cell) {
    const show = this.#starrable && cell != null && !this.#states.has(cell.id);
    this.#hover.hidden = !show;
    if (!show) return;
    this.#hover.dataset.id = cell.id;
    this.#hover.style.transform = this.#position(cell);
  }

  #take() {
    const element = this.#pool.pop() ?? el('span', { class: 'cell-badge', 'data-testid': 'cell-badge', role: 'button' });
    this.#shown.push(element);
    this.element.append(element);
    return element;
  }

  #position({ x, y, size }) {
    return `translate(${x + size - SIZE - INSET}px, ${y + INSET}px)`;
  }

  #title(badge) {
    if (badge.restore === 'restored') return `Restored until ${formatISODateTime(badge.expiry) ?? 'its expiry'}: ready to download.`;
    if (badge.restore) return TITLES[badge.restore] ?? '';
    if (badge.inCloud) return 'In the cloud backup.';
    if (badge.state === 'failed') return `Backup failed: ${badge.reason ?? 'unknown reason'}. Click to unstar.`;
    return TITLES[badge.state] ?? '';
  }

  /** A badge click toggles the star; it must not reach the grid, which would change the selection. */
  #onClick(event) {
    const badge = event.target.closest?.('.cell-badge');
    if (!badge) return;
    event.stopPropagation();
    const id = badge.dataset.id;
    if (badge === this.#hover) this.#hover.hidden = true;
    else if (!this.isStarred(id)) return; // a cloud-catalog or restore badge only informs
    this.#onToggle(id, !this.#states.has(id));
  }
}
