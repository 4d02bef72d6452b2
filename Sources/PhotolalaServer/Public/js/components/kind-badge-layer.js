/**
 * What kind of item a grid cell shows, as a badge at its bottom left: a video's play mark and
 * duration, RAW for a RAW+JPEG pair, LIVE for a Live Photo, as cell overlays (cell-overlays.js):
 * one layer inside the grid's scroller, so a cell stays a single <img>; only the rows on screen
 * get them.
 *
 * A LIVE badge plays the Live Photo's movie over its cell while the pointer rests on it (or
 * while it is pressed, on a touch screen), muted, as the Photos app does; the movie streams
 * from the server and is dropped when it ends or the pointer leaves.
 */

import { el } from '../dom.js';
import { formatDuration } from '../format.js';
import { CellOverlays } from './cell-overlays.js';

export class KindBadgeLayer {
  #badges;
  #motionUrl;
  #playing = null; // {id, video} of the Live Photo playing

  /** - motionUrl(id): where the movie of Live Photo `id` streams from. */
  constructor({ motionUrl }) {
    this.#motionUrl = motionUrl;
    this.element = el('div', { class: 'grid-kind-badges', 'aria-hidden': 'true' });
    this.#badges = new CellOverlays(this.element, () => this.#makeBadge());
  }

  /**
   * Shows the badges of `cells` (`[{id, kind, duration, x, y, size}]`, each cell's top left
   * corner; `kind` is `video`, `raw` or `live`) and no others.
   */
  place(cells) {
    const shown = this.#badges.place(cells, (element, cell) => {
      element.textContent = cell.kind === 'video' ? `▶ ${cell.duration == null ? '' : formatDuration(cell.duration)}`.trim() : cell.kind === 'live' ? '◉ LIVE' : 'RAW';
      element.dataset.testid = `${cell.kind}-badge`;
      element.dataset.kind = cell.kind;
      element.dataset.id = cell.id;
      element.cell = cell;
      element.style.transform = `translate(${cell.x + 4}px, ${cell.y + cell.size - 22}px)`;
    });
    if (this.#playing && shown.get(this.#playing.id)?.dataset.kind !== 'live') this.stopMotion();
  }

  #makeBadge() {
    const badge = el('span', { class: 'kind-badge' });
    const play = (event) => {
      if (badge.dataset.kind !== 'live') return;
      if (event.type === 'pointerdown') event.preventDefault(); // a press plays; it does not select
      this.#playMotion(badge.cell);
    };
    badge.addEventListener('pointerenter', play);
    badge.addEventListener('pointerdown', play);
    badge.addEventListener('pointerleave', () => this.stopMotion());
    badge.addEventListener('pointerup', (event) => event.pointerType === 'touch' && this.stopMotion());
    // Pressing LIVE plays the movie; it neither selects nor opens the photo.
    badge.addEventListener('click', (event) => badge.dataset.kind === 'live' && event.stopPropagation());
    badge.addEventListener('dblclick', (event) => badge.dataset.kind === 'live' && event.stopPropagation());
    return badge;
  }

  /** Plays Live Photo `cell`'s movie over its cell, once. */
  #playMotion(cell) {
    if (this.#playing?.id === cell.id) return;
    this.stopMotion();
    const video = el('video', { class: 'live-motion', 'data-testid': 'live-motion', muted: true, playsinline: true, autoplay: true });
    video.muted = true; // the attribute alone does not mute a video made by script
    video.style.transform = `translate(${cell.x}px, ${cell.y}px)`;
    video.style.width = video.style.height = `${cell.size}px`;
    video.onended = () => this.stopMotion();
    video.onerror = () => this.stopMotion();
    video.src = this.#motionUrl(cell.id);
    this.element.prepend(video);
    this.#playing = { id: cell.id, video };
  }

  /** Stops the Live Photo playing, if any, and closes its stream. */
  stopMotion() {
    const playing = this.#playing;
    if (!playing) return;
    this.#playing = null;
    playing.video.pause();
    playing.video.removeAttribute('src');
    playing.video.load();
    playing.video.remove();
  }
}
