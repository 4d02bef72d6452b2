/**
 * The virtual photo grid (seed 000 §1.4–1.5 on the web). Only the rows on screen plus a small
 * margin exist in the page: one spacer gives the scroller its full height, rows are placed with
 * transforms and recycled as they scroll out, so 100,000 photos cost a few hundred elements. Each
 * cell is a single `<img>`; selection and focus are drawn with outlines, the error state with an
 * icon and a title, backup badges and file names in layers of their own (badge-layer.js,
 * caption-layer.js).
 */

import { el, hasCommandKey, isEditing } from '../dom.js';
import { formatDayKey, formatMonthKey, formatPhotoCount } from '../format.js';
import { computeLayout, monthMarkers } from '../grid-layout.js';
import { blankUrl, brokenPhotoUrl } from '../icons.js';
import { hasRaw, itemKey, liveMotion } from '../photo-list.js';
import { BadgeLayer } from './badge-layer.js';
import { CAPTION_HEIGHT, CaptionLayer } from './caption-layer.js';
import { KindBadgeLayer } from './kind-badge-layer.js';
import { SourceBadgeLayer } from './source-badge-layer.js';
import { DateScrubber } from './date-scrubber.js';

/** Space between cells for each cell size. */
const GAPS = { 64: 4, 128: 6, 256: 8 };
/** At most this many cells are mounted, whatever the window size (< 1,000 elements in all). */
const MAX_CELLS = 420;
/** Scrolling faster than this many pixels a frame (about 3,600 px/s) waits to ask for thumbnails. */
const FAST_SCROLL_PX = 60;
const FLING_SETTLE_MS = 90;
/** How long a finger rests on a photo for a long press, which enters selection mode. */
const LONG_PRESS_MS = 500;
/** How far a finger moves before it is a drag, not a press or a tap (CSS px). */
const TOUCH_SLOP_PX = 10;
/** What the grid lays out before a folder is open. */
/** Whether the page has a mouse (or a pen), which drags photos. */
const FINE_POINTER = window.matchMedia('(pointer: fine)');
const NO_PHOTOS = Object.freeze({ length: 0, items: [], isByDate: false });

export class PhotoGrid {
  #loader;
  #selection;
  #onOpen;
  #onContextMenu;
  #list = null;
  #source = null;
  #folder = null;
  #layout = computeLayout(NO_PHOTOS, { width: 0, cellSize: 128, gap: 6, groupBy: 'none' });
  #cellSize = 128;
  #groupBy = 'none';
  #names = false;
  /** The rows whose captions are shown (`first:last`), so a scroll within them places none again. */
  #captioned = null;
  /** The same for the video badges. */
  #kindBadged = null;
  #sourceOf;
  #rows = new Map(); // row index → mounted row element
  #cells = new Map(); // thumbnail key → mounted cell
  #rowPool = [];
  #headerPool = [];
  #cellPool = [];
  #frame = 0;
  #lastTop = 0;
  /** The rows the loader was last asked for, so a scroll within a row asks nothing again. */
  #wished = null;
  #flingTimer = 0;
  #width = 0;
  /** Selection mode, the Photos app's on a phone: taps toggle photos, a sideways drag extends. */
  #selecting = false;
  #onSelectingChange;
  #onLeave;
  /** A finger down on a photo: where and when, until it lifts (long press, drag selection). */
  #press = null;
  /** The click a long press ends with selects nothing more. */
  #pressEnded = false;
  /** The photo dragged photos are over, marked. */
  #dropTarget = null;

  /**
   * - loader: the ThumbnailLoader cells draw from.
   * - selection: the Selection the grid shows and edits.
   * - onOpen(id): a photo was double-clicked or opened with Enter/Space.
   * - onContextMenu(id, x, y): a photo's context menu was asked for, to open at page point x, y.
   * - onStar(id, starred): a photo's backup badge was clicked to star or unstar it.
   * - motionUrl(id): where the movie of Live Photo `id` streams from, played over its cell.
   * - sourceOf(id): the source (`{id, name, kind}`) photo `id` comes from when the grid shows
   *   several sources' photos (a search, a timeline), marked on its cell; null otherwise.
   * - onSelectingChange(selecting): selection mode began or ended.
   * - onLeave(direction): an arrow key pressed at the grid's edge, `left` from its first column,
   *   `up` from its first row: the keyboard moves on to the sources or the folder tiles.
   * - onDragStart(event, ids): photos `ids` (the selection, which a drag of an unselected photo
   *   replaces first) are dragged with the mouse: the drag's data is set.
   * - canDropOn(event): whether what is dragged over the grid can be dropped on a photo (photos
   *   of an album, which a drop orders).
   * - onDrop(event, id): it was dropped on photo `id`.
   */
  constructor({
    loader, selection, onOpen, onContextMenu, onStar, motionUrl, sourceOf, onSelectingChange = () => {}, onLeave = () => false, onDragStart = () => {},
    canDropOn = () => false, onDrop = () => {},
  }) {
    this.#loader = loader;
    this.#onLeave = onLeave;
    this.#onSelectingChange = onSelectingChange;
    this.#sourceOf = sourceOf;
    this.#selection = selection;
    this.#onOpen = onOpen;
    this.#onContextMenu = onContextMenu;

    this.spacer = el('div', { class: 'grid-spacer', 'aria-hidden': 'true' });
    this.emptyMessage = el('div', { class: 'grid-empty', 'data-testid': 'grid-empty', hidden: true });
    this.badges = new BadgeLayer({ onToggle: onStar });
    this.captions = new CaptionLayer();
    this.kindBadges = new KindBadgeLayer({ motionUrl });
    this.sourceBadges = new SourceBadgeLayer();
    this.scroller = el(
      'div',
      {
        class: 'grid-scroller',
        'data-testid': 'photo-grid',
        role: 'grid',
        tabindex: '0',
        'aria-label': 'Photos',
        'aria-multiselectable': 'true',
        onscroll: () => {
          this.badges.hover(null); // the pointer is over another cell now
          this.#scheduleRender();
        },
        onclick: (event) => this.#onClick(event),
        ondblclick: (event) => this.#onDoubleClick(event),
        oncontextmenu: (event) => this.#onContextMenuEvent(event),
        onkeydown: (event) => this.#onKeyDown(event),
        onpointerdown: (event) => this.#onPointerDown(event),
        onpointermove: (event) => this.#onPointerMove(event),
        onpointerup: () => this.#endPress(),
        onpointercancel: () => this.#endPress(),
        onpointerleave: () => this.badges.hover(null),
        ondragstart: (event) => this.#onDragStart(event, onDragStart),
        ondragover: (event) => this.#onDragOver(event, canDropOn),
        ondragleave: (event) => this.#markDropTarget(event.relatedTarget?.closest?.('.photo-cell') ?? null),
        ondragend: () => this.#markDropTarget(null),
        ondrop: (event) => {
          const cell = event.target.closest?.('.photo-cell');
          this.#markDropTarget(null);
          if (!cell || !canDropOn(event)) return;
          event.preventDefault();
          onDrop(event, cell.dataset.id);
        },
      },
      this.spacer,
      this.badges.element,
      this.captions.element,
      this.kindBadges.element,
      this.sourceBadges.element,
    );
    // Cell images' load and error events do not bubble; one capturing listener serves them all.
    this.scroller.addEventListener('load', (event) => this.#onImageEvent(event, true), true);
    this.scroller.addEventListener('error', (event) => this.#onImageEvent(event, false), true);
    this.scrubber = new DateScrubber({ onSeek: (marker) => this.scrollToY(marker.y - this.#layout.gap) });
    this.element = el('div', { class: 'grid-area' }, this.scroller, this.emptyMessage, this.scrubber.element);

    loader.onLoad((key, entry) => {
      const cell = this.#cells.get(key);
      if (cell) this.#showThumbnail(cell, entry);
    });
    selection.onChange(() => this.#refreshSelection());
    new ResizeObserver(() => this.#onResize()).observe(this.scroller);
  }

  /** Whether the grid is in selection mode. */
  get selecting() {
    return this.#selecting;
  }

  /** Enters or leaves selection mode; leaving it clears the selection, as Done does in Photos. */
  setSelecting(selecting) {
    if (selecting === this.#selecting) return;
    this.#selecting = selecting;
    this.scroller.classList.toggle('is-selecting', selecting);
    if (!selecting) this.#selection.clear();
    this.#onSelectingChange(selecting);
  }

  /** Shows another folder's list from the top. */
  setFolder(source, folder, list) {
    this.setSelecting(false);
    this.#source = source;
    this.#folder = folder;
    this.#list = list;
    this.badges.replace({}); // the new folder's arrive from the server
    this.scroller.scrollTop = 0;
    this.#relayout({ keepPosition: false });
  }

  /** Applies display settings: `{size (px), fit ('fit'|'fill'), group, names (file names under cells)}`. */
  setDisplay({ size, fit, group, names = false }) {
    this.#cellSize = size;
    this.#groupBy = group;
    this.#names = names;
    this.scroller.classList.toggle('is-fit', fit === 'fit');
    this.scroller.classList.toggle('has-names', names);
    this.scroller.dataset.size = String(size);
    this.scroller.style.setProperty('--cell-size', `${size}px`);
    this.scroller.style.setProperty('--cell-gap', `${GAPS[size] ?? 6}px`);
    if (this.#list) this.#relayout();
  }

  /** Re-lays out after the list changed (batch, sort, live change), keeping what is on screen. */
  itemsChanged() {
    this.#relayout();
  }

  /** Shows the folder's backup badges (`{id: {state, reason}}`), replacing all others. */
  setBadges(items) {
    this.badges.replace(items);
    this.#placeBadges();
  }

  /** Updates the badges of some photos, e.g. from a star request's answer. */
  mergeBadges(items) {
    this.badges.merge(items);
    this.#placeBadges();
  }

  /** Shows `text` over the grid (loading, empty folder), or hides it with null. */
  setMessage(text) {
    this.emptyMessage.hidden = text == null;
    this.emptyMessage.textContent = text ?? '';
  }

  focus() {
    this.scroller.focus({ preventScroll: true });
  }

  /** Scrolls so that item `id` is fully visible, moving as little as possible. */
  revealItem(id) {
    const index = this.#list?.indexOf(id) ?? -1;
    if (index < 0) return;
    const layout = this.#layout;
    const row = layout.rowOfItem(index);
    const top = layout.rowTop[row];
    const { scrollTop, clientHeight } = this.scroller;
    const header = row > 0 && layout.isHeader(row - 1) ? layout.rowTop[row] - layout.rowTop[row - 1] : 0;
    if (top - header < scrollTop) this.scroller.scrollTop = top - header - layout.gap;
    else if (top + layout.cellSize > scrollTop + clientHeight) this.scroller.scrollTop = top + layout.cellSize + layout.gap - clientHeight;
  }

  /** Scrolls to a content offset (the date scrubber's jumps) and draws at once. */
  scrollToY(y) {
    this.scroller.scrollTop = Math.max(0, y);
    this.#render();
  }

  // MARK: - Layout and rendering

  #relayout({ keepPosition = true } = {}) {
    const anchor = keepPosition ? this.#positionAnchor() : null;
    const list = this.#list ?? NO_PHOTOS;
    const width = this.#width || this.scroller.clientWidth;
    const caption = this.#names ? CAPTION_HEIGHT : 0;
    this.#layout = computeLayout(list, { width, cellSize: this.#cellSize, gap: GAPS[this.#cellSize] ?? 6, groupBy: this.#groupBy, caption });
    const layout = this.#layout;
    this.#captioned = null;
    this.#kindBadged = null;
    this.spacer.style.height = `${layout.totalHeight}px`;
    this.scroller.style.setProperty('--grid-left', `${layout.left}px`);
    this.scroller.setAttribute('aria-rowcount', String(layout.rowCount));
    this.scroller.setAttribute('aria-colcount', String(layout.columns));
    this.#releaseAll();
    this.#wished = null; // the same rows may hold other photos now
    if (anchor) {
      const index = this.#list.indexOf(anchor.id);
      if (index >= 0) this.scroller.scrollTop = layout.rowTop[layout.rowOfItem(index)] - anchor.offset;
    }
    this.scrubber.setMarkers(list.isByDate ? monthMarkers(list, layout) : [], layout.totalHeight);
    this.#render();
  }

  /**
   * What must stay put through a re-layout: the focused photo if it is on screen (zooming keeps
   * it in view, as in Photos), otherwise the first photo row at the top. Read from the mounted
   * rows, which still match the old layout when the list has already changed. None at the very
   * top, so that photos added above the first row show up.
   */
  #positionAnchor() {
    const layout = this.#layout;
    const { scrollTop, clientHeight } = this.scroller;
    if (scrollTop <= 0) return null;
    const focus = this.#selection.focus;
    let top = null;
    for (const [row, element] of this.#rows) {
      if (layout.isHeader(row)) continue;
      const y = layout.rowTop[row];
      const onScreen = y >= scrollTop && y + layout.cellSize <= scrollTop + clientHeight;
      if (onScreen && focus != null && [...element.children].some((cell) => cell.dataset.id === focus)) {
        return { id: focus, offset: y - scrollTop };
      }
      if (y + layout.cellSize > scrollTop && (top == null || y < top.y)) top = { id: element.firstElementChild.dataset.id, y };
    }
    return top && { id: top.id, offset: top.y - scrollTop };
  }

  #scheduleRender() {
    if (this.#frame) return;
    this.#frame = requestAnimationFrame(() => {
      this.#frame = 0;
      this.#render();
    });
  }

  #render() {
    const layout = this.#layout;
    const { scrollTop, clientHeight } = this.scroller;
    this.scrubber.setViewport(scrollTop, clientHeight);
    if (layout.rowCount === 0) {
      this.#releaseAll();
      this.#detachPooled();
      this.badges.place([]);
      this.captions.place([]);
      this.kindBadges.place([]);
      this.sourceBadges.place([]);
      this.#captioned = null;
      this.#kindBadged = null;
      this.#loader.want([]);
      this.#wished = null;
      return;
    }
    const firstVisible = layout.rowAt(scrollTop);
    const lastVisible = layout.rowAt(scrollTop + clientHeight);
    const margin = this.#marginRows(lastVisible - firstVisible + 1);
    const first = Math.max(0, firstVisible - margin);
    const last = Math.min(layout.rowCount - 1, lastVisible + margin);

    // Rows that scrolled out are rebound in place for rows that scrolled in: no DOM insertions
    // in the steady state, only leftovers are detached.
    for (const [row, element] of this.#rows) {
      if (row < first || row > last) this.#releaseRow(row, element);
    }
    for (let row = first; row <= last; row++) {
      if (!this.#rows.has(row)) this.#mountRow(row);
    }
    this.#detachPooled();
    this.#placeBadges(scrollTop, clientHeight);
    this.#placeCaptions(firstVisible, lastVisible);
    this.#placeKindBadges(firstVisible, lastVisible);

    const jump = Math.abs(scrollTop - this.#lastTop);
    this.#lastTop = scrollTop;
    clearTimeout(this.#flingTimer);
    if (jump > FAST_SCROLL_PX) {
      // A fast scroll or fling: cancel what it scrolled past and ask again once it settles, so
      // decoding neither competes with scrolling here nor on the server.
      this.#loader.want([]);
      this.#wished = null;
      this.#flingTimer = setTimeout(() => this.#requestThumbnails(firstVisible, lastVisible, first, last), FLING_SETTLE_MS);
    } else {
      this.#requestThumbnails(firstVisible, lastVisible, first, last);
    }
  }

  /**
   * Puts badges on the cells on screen that have a backup state: the margin rows go without, so a
   * grid of starred photos stays within the element budget; each scroll frame places them anew.
   */
  #placeBadges(scrollTop = this.scroller.scrollTop, clientHeight = this.scroller.clientHeight) {
    const layout = this.#layout;
    const cells = [];
    if (this.badges.isEmpty) {
      this.badges.place(cells);
      return;
    }
    for (const [row, element] of this.#rows) {
      const y = layout.rowTop[row];
      if (layout.isHeader(row) || y + layout.cellSize <= scrollTop || y >= scrollTop + clientHeight) continue;
      let column = 0;
      for (const cell of element.children) {
        const id = cell.dataset.id;
        if (this.badges.has(id)) cells.push({ id, x: layout.cellX(column), y, size: layout.cellSize });
        column += 1;
      }
    }
    this.badges.place(cells);
  }

  /**
   * Puts file names under the cells of the rows on screen when names are on. Rows are placed in
   * the scroller's content, so captions need placing only when other rows come into view.
   */
  #placeCaptions(firstVisible, lastVisible) {
    const rows = this.#names ? `${firstVisible}:${lastVisible}` : '';
    if (rows === this.#captioned) return;
    this.#captioned = rows;
    const cells = [];
    const layout = this.#layout;
    for (let row = firstVisible; this.#names && row <= lastVisible; row++) {
      if (layout.isHeader(row)) continue;
      const y = layout.rowTop[row] + layout.cellSize;
      for (let column = 0, start = layout.rowStart[row]; column < layout.rowLength[row]; column++) {
        const item = this.#list.at(start + column);
        cells.push({ id: item.id, name: item.name, x: layout.cellX(column), y });
      }
    }
    this.captions.place(cells);
  }

  /**
   * Puts each video's, RAW pair's and Live Photo's badge on its cell in the rows on screen, and
   * where the grid shows several sources' photos, each one's source mark.
   */
  #placeKindBadges(firstVisible, lastVisible) {
    const rows = `${firstVisible}:${lastVisible}`;
    if (rows === this.#kindBadged) return;
    this.#kindBadged = rows;
    const cells = [];
    const sourced = [];
    const layout = this.#layout;
    for (let row = firstVisible; row <= lastVisible; row++) {
      if (layout.isHeader(row)) continue;
      for (let column = 0, start = layout.rowStart[row]; column < layout.rowLength[row]; column++) {
        const item = this.#list.at(start + column);
        if (item == null) continue;
        const kind = item.kind === 'video' ? 'video' : liveMotion(item) ? 'live' : hasRaw(item) ? 'raw' : null;
        if (kind) cells.push({ id: item.id, kind, duration: item.duration, x: layout.cellX(column), y: layout.rowTop[row], size: layout.cellSize });
        const source = this.#sourceOf?.(item.id);
        if (source) sourced.push({ id: item.id, source, x: layout.cellX(column), y: layout.rowTop[row] });
      }
    }
    this.kindBadges.place(cells);
    this.sourceBadges.place(sourced);
  }

  /** The ☆ badge follows the pointer from cell to cell; over a badge it stays where it is. */
  #onPointerMove(event) {
    if (this.#press) this.#dragSelection(event);
    const cell = event.target.closest?.('.photo-cell');
    if (!cell) {
      if (!event.target.closest?.('.cell-badge')) this.badges.hover(null);
      return;
    }
    const layout = this.#layout;
    const row = Number(cell.parentElement.getAttribute('aria-rowindex')) - 1;
    const column = Number(cell.getAttribute('aria-colindex')) - 1;
    this.badges.hover({ id: cell.dataset.id, x: layout.cellX(column), y: layout.rowTop[row], size: layout.cellSize });
  }

  /** Margin rows above and below the viewport that fit in the cell budget (at least one). */
  #marginRows(visibleRows) {
    const budgetRows = Math.floor(MAX_CELLS / this.#layout.columns);
    return Math.max(1, Math.min(6, Math.floor((budgetRows - visibleRows) / 2)));
  }

  /**
   * Wish list for the loader: visible rows top to bottom, then margin rows nearest first. A slow
   * scroll moves by a row every few frames; in between the list would be the same, and building
   * it (hundreds of requests) every frame only feeds the garbage collector.
   */
  #requestThumbnails(firstVisible, lastVisible, first, last) {
    const rows = `${firstVisible}:${lastVisible}:${first}:${last}`;
    if (rows === this.#wished) return;
    this.#wished = rows;
    const requests = [];
    const addRow = (row) => {
      if (this.#layout.isHeader(row)) return;
      const start = this.#layout.rowStart[row];
      for (let index = start, end = start + this.#layout.rowLength[row]; index < end; index++) {
        const item = this.#list.at(index);
        requests.push({ key: this.#key(item), source: this.#source, folder: this.#folder, item });
      }
    };
    for (let row = firstVisible; row <= lastVisible; row++) addRow(row);
    const urgent = requests.length;
    for (let distance = 1; lastVisible + distance <= last || firstVisible - distance >= first; distance++) {
      if (lastVisible + distance <= last) addRow(lastVisible + distance);
      if (firstVisible - distance >= first) addRow(firstVisible - distance);
    }
    this.#loader.want(requests, urgent);
  }

  #key(item) {
    return itemKey(this.#source, this.#folder, item);
  }

  /** The mounted cell of photo `id`, if any. */
  #cellOf(id) {
    const item = this.#list?.get(id);
    return item ? this.#cells.get(this.#key(item)) : undefined;
  }

  #mountRow(row) {
    const layout = this.#layout;
    let element;
    if (layout.isHeader(row)) {
      element = this.#headerPool.pop() ?? this.#makeHeader();
      const key = this.#list.at(layout.rowStart[row]);
      const title = layout.grouping === 'day' ? formatDayKey(key.day) : formatMonthKey(Math.floor(key.day / 100));
      element.firstChild.textContent = title;
      element.lastChild.textContent = formatPhotoCount(layout.rowLength[row]);
    } else {
      element = this.#rowPool.pop() ?? el('div', { class: 'grid-row', role: 'row' });
      const start = layout.rowStart[row];
      const length = layout.rowLength[row];
      while (element.childElementCount > length) this.#releaseCell(element.lastElementChild);
      while (element.childElementCount < length) element.append(this.#cellPool.pop() ?? this.#makeCell());
      let cell = element.firstElementChild;
      for (let column = 0; column < length; column++, cell = cell.nextElementSibling) {
        this.#bindCell(cell, this.#list.at(start + column), column);
      }
    }
    element.setAttribute('aria-rowindex', String(row + 1));
    element.style.transform = `translateY(${layout.rowTop[row]}px)`;
    if (!element.isConnected) this.scroller.append(element);
    this.#rows.set(row, element);
  }

  #makeHeader() {
    return el(
      'div',
      { class: 'grid-header', role: 'row', 'data-testid': 'group-header' },
      el('span', { class: 'grid-header-title', role: 'rowheader' }),
      el('span', { class: 'grid-header-count' }),
    );
  }

  #makeCell() {
    // A mouse drags photos; a finger's long press is selection mode's.
    return el('img', { class: 'photo-cell', role: 'gridcell', 'data-testid': 'photo-cell', alt: '', draggable: String(FINE_POINTER.matches), decoding: 'async' });
  }

  /** A photo dragged: the selection goes, or the photo alone when it was not selected. */
  #onDragStart(event, onDragStart) {
    const cell = event.target.closest?.('.photo-cell');
    if (!cell || this.#selecting) {
      event.preventDefault();
      return;
    }
    const id = cell.dataset.id;
    if (!this.#selection.has(id)) this.#selection.selectOnly(id);
    onDragStart(event, this.#selection.ids().filter((selected) => this.#list?.has(selected)));
  }

  #onDragOver(event, canDropOn) {
    const cell = event.target.closest?.('.photo-cell');
    if (!cell || !canDropOn(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    this.#markDropTarget(cell);
  }

  /** Marks the photo a drop would put the dragged ones before. */
  #markDropTarget(cell) {
    if (this.#dropTarget === cell) return;
    this.#dropTarget?.classList.remove('is-drop-before');
    this.#dropTarget = cell;
    cell?.classList.add('is-drop-before');
  }

  #bindCell(cell, item, column) {
    const key = this.#key(item);
    const rebound = cell.dataset.key !== key;
    if (rebound) {
      this.#unmap(cell);
      cell.dataset.key = key;
      cell.dataset.id = item.id;
      cell.id = `cell-${item.id}`;
      cell.setAttribute('aria-label', item.name);
    }
    // Even for the same photo: its thumbnail may have arrived while this cell was in the pool.
    this.#showThumbnail(cell, this.#loader.lookup(key), rebound);
    this.#cells.set(key, cell);
    cell.setAttribute('aria-colindex', String(column + 1));
    this.#paintSelection(cell);
  }

  /**
   * Shows a loaded thumbnail, the error icon (the reason in the title), or a blank placeholder
   * while loading. Touches the element only when that changes, so rebinding a cell is cheap.
   */
  #showThumbnail(cell, entry, rebound = false) {
    const src = entry?.url ?? (entry?.error ? brokenPhotoUrl : blankUrl);
    const same = cell.getAttribute('src') === src;
    if (rebound || !same) {
      const name = cell.getAttribute('aria-label');
      cell.title = entry?.error ? `${name}: ${entry.error}` : name;
    }
    if (same) return;
    cell.dataset.state = entry?.error ? 'error' : 'loading'; // 'loaded' once the image decodes
    cell.src = src;
  }

  #onImageEvent(event, loaded) {
    const cell = event.target;
    if (!(cell instanceof HTMLImageElement) || !cell.classList?.contains('photo-cell')) return;
    const src = cell.getAttribute('src');
    if (src === blankUrl || src === brokenPhotoUrl) return;
    if (loaded) {
      cell.dataset.state = 'loaded';
    } else {
      this.#showThumbnail(cell, { error: 'The thumbnail could not be decoded.' });
    }
  }

  /** Returns a row to its pool; it stays in the page until `#detachPooled`, in case it is reused. */
  #releaseRow(row, element) {
    this.#rows.delete(row);
    if (element.classList.contains('grid-header')) {
      this.#headerPool.push(element);
    } else {
      for (const cell of element.children) this.#unmap(cell);
      this.#rowPool.push(element);
    }
  }

  #releaseCell(cell) {
    this.#unmap(cell);
    cell.remove();
    this.#cellPool.push(cell);
  }

  /** Forgets that `cell` shows its photo, unless another cell took that photo over meanwhile. */
  #unmap(cell) {
    if (this.#cells.get(cell.dataset.key) === cell) this.#cells.delete(cell.dataset.key);
  }

  #releaseAll() {
    for (const [row, element] of this.#rows) this.#releaseRow(row, element);
  }

  #detachPooled() {
    for (const element of this.#rowPool) if (element.isConnected) element.remove();
    for (const element of this.#headerPool) if (element.isConnected) element.remove();
  }

  #onResize() {
    const width = this.scroller.clientWidth;
    if (width !== this.#width) {
      this.#width = width;
      this.#relayout();
    } else {
      this.#scheduleRender();
    }
  }

  // MARK: - Selection

  #refreshSelection() {
    for (const cell of this.#cells.values()) this.#paintSelection(cell);
    const focused = this.#selection.focus != null && this.#cellOf(this.#selection.focus);
    if (focused) this.scroller.setAttribute('aria-activedescendant', focused.id);
    else this.scroller.removeAttribute('aria-activedescendant');
  }

  #paintSelection(cell) {
    const id = cell.dataset.id;
    cell.setAttribute('aria-selected', String(this.#selection.has(id)));
    cell.classList.toggle('is-focused', this.#selection.focus === id);
  }

  #onClick(event) {
    if (event.offsetX > this.scroller.clientWidth && event.target === this.scroller) return; // the scrollbar
    const cell = event.target.closest?.('.photo-cell');
    this.focus();
    if (!cell) {
      if (!event.shiftKey && !hasCommandKey(event)) this.#selection.clear();
      return;
    }
    const id = cell.dataset.id;
    if (this.#pressEnded) this.#pressEnded = false;
    else if (this.#selecting) this.#selection.toggle(id);
    else if (event.shiftKey) this.#selection.extendTo(id, this.#list, { additive: hasCommandKey(event) });
    else if (hasCommandKey(event)) this.#selection.toggle(id);
    else this.#selection.selectOnly(id);
  }

  /**
   * A finger on a photo: held still for a long press, it enters selection mode with that photo
   * selected; in selection mode, drawn sideways, it selects every photo from there to where it is.
   */
  #onPointerDown(event) {
    this.#endPress();
    this.#pressEnded = false;
    const cell = event.pointerType === 'touch' ? event.target.closest?.('.photo-cell') : null;
    if (!cell) return;
    const id = cell.dataset.id;
    const press = { id, x: event.clientX, y: event.clientY, dragging: false, timer: 0 };
    if (!this.#selecting) {
      press.timer = setTimeout(() => {
        this.#press = null;
        this.#pressEnded = true;
        this.#selection.selectOnly(id);
        this.setSelecting(true);
      }, LONG_PRESS_MS);
    }
    this.#press = press;
  }

  #endPress() {
    if (this.#press) clearTimeout(this.#press.timer);
    this.#press = null;
  }

  /** A finger that moved: no long press; in selection mode, a sideways drag selects. */
  #dragSelection(event) {
    const press = this.#press;
    const dx = event.clientX - press.x;
    const dy = event.clientY - press.y;
    if (!press.dragging) {
      if (Math.hypot(dx, dy) < TOUCH_SLOP_PX) return;
      clearTimeout(press.timer);
      if (!this.#selecting || Math.abs(dx) < Math.abs(dy)) {
        this.#press = null; // a scroll
        return;
      }
      press.dragging = true;
      this.#selection.anchor = press.id;
    }
    const cell = document.elementFromPoint(event.clientX, event.clientY)?.closest?.('.photo-cell');
    if (cell && this.#list?.has(cell.dataset.id)) this.#selection.extendTo(cell.dataset.id, this.#list, { additive: true });
  }

  #onDoubleClick(event) {
    const cell = event.target.closest?.('.photo-cell');
    // In selection mode each tap toggles, two quick ones too.
    if (cell && !this.#selecting && !event.shiftKey && !hasCommandKey(event)) this.#onOpen(cell.dataset.id);
  }

  /** A right click on a photo: it joins the selection (or replaces it), then the menu opens. */
  #onContextMenuEvent(event) {
    const cell = event.target.closest?.('.photo-cell');
    if (!cell) return;
    event.preventDefault();
    // A long press on a touch screen is selection mode's, not the menu's.
    if (event.pointerType === 'touch' || this.#pressEnded || this.#selecting) return;
    const id = cell.dataset.id;
    if (!this.#selection.has(id)) this.#selection.selectOnly(id);
    this.#onContextMenu(id, event.clientX, event.clientY);
  }

  #onKeyDown(event) {
    if (isEditing(event) || !this.#list || this.#list.length === 0) return;
    const command = hasCommandKey(event);
    if (event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10')) {
      const id = this.#selection.focus ?? this.#selection.ids()[0];
      if (id == null || !this.#list.has(id)) return;
      event.preventDefault();
      this.revealItem(id);
      const box = this.#cellOf(id)?.getBoundingClientRect() ?? this.scroller.getBoundingClientRect();
      this.#onContextMenu(id, box.left + box.width / 2, box.top + box.height / 2);
      return;
    }
    if (command && event.key.toLowerCase() === 'a' && !event.altKey) {
      event.preventDefault();
      this.#selection.selectAll(this.#list);
      return;
    }
    if (event.key === 'Escape' && (this.#selection.size > 0 || this.#selecting)) {
      event.preventDefault();
      if (this.#selecting) this.setSelecting(false);
      else this.#selection.clear();
      return;
    }
    if ((event.key === 'Enter' || event.key === ' ') && !command && !event.altKey) {
      const id = this.#selection.focus ?? this.#selection.ids()[0];
      if (id != null && this.#list.has(id)) {
        event.preventDefault();
        this.#onOpen(id);
      }
      return;
    }
    if (!event.shiftKey && !command && this.#leaves(event.key)) {
      event.preventDefault();
      return;
    }
    const target = this.#keyTarget(event.key);
    if (target == null) return;
    event.preventDefault();
    const id = this.#list.at(target).id;
    if (event.shiftKey) this.#selection.extendTo(id, this.#list, { additive: command });
    else if (command) this.#selection.moveFocus(id);
    else this.#selection.selectOnly(id);
    this.revealItem(id);
  }

  /**
   * Whether `key` leaves the grid from its edge (ArrowLeft in the first column, ArrowUp in the
   * first row), and went on; with several photos selected, the key first narrows the selection
   * to the focused one, as it always did.
   */
  #leaves(key) {
    if ((key !== 'ArrowLeft' && key !== 'ArrowUp') || this.#selection.size > 1) return false;
    const focus = this.#selection.focus != null ? this.#list.indexOf(this.#selection.focus) : -1;
    if (focus < 0) return false;
    const row = this.#layout.rowOfItem(focus);
    const atEdge = key === 'ArrowLeft' ? focus === this.#layout.rowStart[row] : this.#layout.verticalNeighbour(focus, -1) === focus;
    return atEdge && this.#onLeave(key === 'ArrowLeft' ? 'left' : 'up') !== false;
  }

  /** Focuses the grid on its first photo (as the keyboard's focus, not selected); false when it has none. */
  focusFirst() {
    if (!this.#list || this.#list.length === 0) return false;
    const id = this.#list.at(0).id;
    this.#selection.moveFocus(id);
    this.revealItem(id);
    this.focus();
    return true;
  }

  /** The index a navigation key moves the focus to, or null for other keys. */
  #keyTarget(key) {
    const layout = this.#layout;
    const count = this.#list.length;
    const focus = this.#selection.focus != null ? this.#list.indexOf(this.#selection.focus) : -1;
    if (focus < 0 && key.startsWith('Arrow')) return layout.firstItemFrom(this.scroller.scrollTop); // first press: the top left photo
    const pageRows = Math.max(1, Math.floor(this.scroller.clientHeight / layout.pitch) - 1);
    const start = Math.max(focus, 0);
    switch (key) {
      case 'ArrowRight':
        return Math.min(count - 1, start + 1);
      case 'ArrowLeft':
        return Math.max(0, start - 1);
      case 'ArrowDown':
        return layout.verticalNeighbour(start, 1);
      case 'ArrowUp':
        return layout.verticalNeighbour(start, -1);
      case 'PageDown':
        return layout.pageFrom(start, 1, pageRows, count);
      case 'PageUp':
        return layout.pageFrom(start, -1, pageRows, count);
      case 'Home':
        return 0;
      case 'End':
        return count - 1;
      default:
        return null;
    }
  }
}
