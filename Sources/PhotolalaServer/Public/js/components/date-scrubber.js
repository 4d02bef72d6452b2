/**
 * The date scrubber on the grid's right edge: month labels placed where their photos are in the
 * grid, and a handle showing the visible part. Clicking a label or dragging along the track jumps
 * to the first photo of that month (never to an in-between scroll offset). Only shown for date
 * order, where months are contiguous.
 */

import { el } from '../dom.js';
import { formatMonthKey, formatMonthShort } from '../format.js';

/** Minimum distance between two labels, in pixels; months in between are reachable by dragging. */
const LABEL_SPACING = 18;

export class DateScrubber {
  #markers = [];
  #totalHeight = 0;
  #onSeek;
  #dragging = false;
  #current = null;

  /** - onSeek(marker): jump to `marker` (`{key, index, y}`, from `monthMarkers`). */
  constructor({ onSeek }) {
    this.#onSeek = onSeek;
    this.labels = el('div', { class: 'scrubber-labels' });
    this.thumb = el('div', { class: 'scrubber-thumb' });
    this.tooltip = el('div', { class: 'scrubber-tooltip', 'data-testid': 'scrubber-tooltip', hidden: true });
    this.element = el(
      'div',
      {
        class: 'date-scrubber',
        'data-testid': 'date-scrubber',
        'aria-label': 'Jump to month',
        hidden: true,
        onpointerdown: (event) => this.#onPointerDown(event),
        onpointermove: (event) => this.#onPointerMove(event),
        onpointerup: (event) => this.#onPointerUp(event),
        onpointercancel: (event) => this.#onPointerUp(event),
        onpointerleave: () => this.#dragging || (this.tooltip.hidden = true),
      },
      this.thumb,
      this.labels,
      this.tooltip,
    );
    new ResizeObserver(() => this.#renderLabels()).observe(this.element);
  }

  /** Sets the months (empty hides the scrubber) and the grid's content height. */
  setMarkers(markers, totalHeight) {
    this.#markers = markers;
    this.#totalHeight = totalHeight;
    this.element.hidden = markers.length < 2;
    this.#renderLabels();
  }

  /** Moves the handle to match the grid's scroll position. */
  setViewport(scrollTop, clientHeight) {
    if (this.element.hidden || this.#totalHeight === 0) return;
    const track = this.element.clientHeight;
    const scale = track / this.#totalHeight;
    this.thumb.style.transform = `translateY(${scrollTop * scale}px)`;
    this.thumb.style.height = `${Math.max(6, clientHeight * scale)}px`;
  }

  #renderLabels() {
    const track = this.element.clientHeight;
    const labels = [];
    let lastY = -Infinity;
    let lastYear = null;
    for (const marker of this.#markers) {
      const y = this.#position(marker, track);
      if (y - lastY < LABEL_SPACING || y > track - LABEL_SPACING / 2) continue;
      const year = Math.floor(marker.key / 100);
      const isYear = year !== lastYear;
      labels.push(
        el('div', {
          class: isYear ? 'scrubber-label is-year' : 'scrubber-label',
          'data-testid': 'scrubber-label',
          'data-month': String(marker.key),
          title: formatMonthKey(marker.key),
          style: `transform: translateY(${Math.round(y)}px)`,
          text: isYear ? String(year) : formatMonthShort(marker.key),
        }),
      );
      lastY = y;
      lastYear = year;
    }
    this.labels.replaceChildren(...labels);
  }

  #position(marker, track) {
    return this.#totalHeight > 0 ? (marker.y / this.#totalHeight) * track : 0;
  }

  /** The month at a track offset: the last one starting at or above it. */
  #markerAt(y) {
    const track = this.element.clientHeight;
    let found = this.#markers[0];
    for (const marker of this.#markers) {
      if (this.#position(marker, track) > y) break;
      found = marker;
    }
    return found;
  }

  #onPointerDown(event) {
    if (event.button !== 0) return;
    event.preventDefault();
    this.#dragging = true;
    this.element.setPointerCapture(event.pointerId);
    const label = event.target.closest('.scrubber-label');
    const marker = label ? this.#markers.find((candidate) => String(candidate.key) === label.dataset.month) : this.#markerAtEvent(event);
    this.#seek(marker, event);
  }

  #onPointerMove(event) {
    const marker = this.#markerAtEvent(event);
    if (this.#dragging) this.#seek(marker, event);
    else this.#showTooltip(marker, event);
  }

  #onPointerUp(event) {
    this.#dragging = false;
    this.#current = null;
    if (this.element.hasPointerCapture(event.pointerId)) this.element.releasePointerCapture(event.pointerId);
    this.tooltip.hidden = true;
  }

  #markerAtEvent(event) {
    return this.#markerAt(event.clientY - this.element.getBoundingClientRect().top);
  }

  #seek(marker, event) {
    if (!marker) return;
    this.#showTooltip(marker, event);
    if (marker === this.#current) return;
    this.#current = marker;
    this.#onSeek(marker);
  }

  #showTooltip(marker, event) {
    if (!marker) return;
    this.tooltip.hidden = false;
    this.tooltip.textContent = formatMonthKey(marker.key);
    const y = event.clientY - this.element.getBoundingClientRect().top;
    this.tooltip.style.transform = `translateY(${Math.round(y)}px)`;
  }
}
