/**
 * The date scrubber on the grid's right edge: month labels placed where their photos are in the
 * grid, and a handle showing the visible part. Clicking a label or dragging along the track jumps
 * to the first photo of that month (never to an in-between scroll offset). Only shown for date
 * order, where months are contiguous. For the keyboard it is a vertical slider over the months.
 */

import { el } from '../dom.js';
import { formatMonthKey, formatMonthShort } from '../format.js';

/** Minimum distance between two labels, in pixels; months in between are reachable by dragging. */
const LABEL_SPACING = 18;
/** How far below the top of the grid a month may start and still be the one shown. */
const TOP_TOLERANCE = 12;

export class DateScrubber {
  #markers = [];
  #totalHeight = 0;
  #onSeek;
  #dragging = false;
  #current = null; // the marker last jumped to while dragging
  #shown = -1; // index of the month at the top of the grid

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
        role: 'slider',
        tabindex: '0',
        'aria-label': 'Month',
        'aria-orientation': 'vertical',
        'aria-valuemin': '0',
        hidden: true,
        onkeydown: (event) => this.#onKeyDown(event),
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
    this.element.setAttribute('aria-valuemax', String(Math.max(0, markers.length - 1)));
    this.#shown = -1;
    this.#renderLabels();
  }

  /** Moves the handle to match the grid's scroll position. */
  setViewport(scrollTop, clientHeight) {
    if (this.element.hidden || this.#totalHeight === 0) return;
    const track = this.element.clientHeight;
    const scale = track / this.#totalHeight;
    this.thumb.style.transform = `translateY(${scrollTop * scale}px)`;
    this.thumb.style.height = `${Math.max(6, clientHeight * scale)}px`;
    // The month at the top of the grid (a jump puts its first row a gap below the top).
    const shown = Math.max(0, this.#markers.findLastIndex((marker) => marker.y <= scrollTop + TOP_TOLERANCE));
    if (shown !== this.#shown) {
      this.#shown = shown;
      this.element.setAttribute('aria-valuenow', String(shown));
      this.element.setAttribute('aria-valuetext', formatMonthKey(this.#markers[shown].key));
    }
  }

  /** Arrow keys step a month, Page keys a year's worth, Home and End go to the ends. */
  #onKeyDown(event) {
    const last = this.#markers.length - 1;
    const steps = { ArrowUp: -1, ArrowLeft: -1, ArrowDown: 1, ArrowRight: 1, PageUp: -12, PageDown: 12 };
    let target = null;
    if (event.key in steps) target = Math.min(last, Math.max(0, Math.max(this.#shown, 0) + steps[event.key]));
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = last;
    if (target == null || last < 0) return;
    event.preventDefault();
    this.#onSeek(this.#markers[target]);
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
