/**
 * The preview (seed 002's PhotoPreviewView): one photo over the whole window, shown at once from
 * its thumbnail and sharpened when the full image arrives. Zoom with the wheel, a pinch, the
 * + / − / fit buttons or keys; pan by dragging when zoomed; ← / → for the previous and next photo
 * (the next one is fetched ahead); Escape closes. On a touch screen, a swipe left or right goes to
 * the next or previous photo, a swipe down closes, and a double tap zooms in and back. A photo whose original is not here (in Deep
 * Archive, only in iCloud) shows its sharp thumbnail at most at its own size, with a label.
 * A video plays in a `<video controls>` element streaming from the server (Range requests, never
 * fetched whole); one whose codec the browser cannot play (HEVC in Chromium) shows its poster
 * frame and a Download link. A Live Photo wears a LIVE button that plays its movie over the
 * still, muted, while the pointer rests on it or while it is pressed.
 */

import { el } from '../dom.js';
import { formatInteger } from '../format.js';
import { liveMotion } from '../photo-list.js';
import { icons } from '../icons.js';

const ZOOM_STEP = 1.25;
/** How far a finger travels for a swipe: less is a tap, or a finger resting. */
const SWIPE_PX = 60;
/** What the label says when the original is elsewhere, by the server's reason. */
const ELSEWHERE = {
  inDeepArchive: 'Original in Deep Archive — showing the thumbnail',
  inICloud: 'Original in iCloud — showing the thumbnail',
  referenced: 'Original outside the library — showing the thumbnail',
};
const MAX_ZOOM = 8;

export class Preview {
  #api;
  #getList;
  #lookupThumbnail;
  #onNavigate;
  #onClose;
  #source = null;
  #folder = null;
  #id = null;
  #current = null; // {id, controller, promise} of the shown full image
  #ahead = null; // the same for the photo fetched ahead
  #imageUrl = null;
  #returnFocus = null;
  #view = { scale: 1, x: 0, y: 0, fit: 1, width: 0, height: 0 };
  #pointers = new Map();
  /** Where a finger that may swipe went down: `{x, y}`, or null (a second finger, a zoomed photo). */
  #swipe = null;
  #lastIndex = 0;

  /**
   * - api: the server's API (api.js), for the full images, videos and originals.
   * - getList(): the PhotoList being browsed (its order is the order of ← and →).
   * - lookupThumbnail(id): an already loaded thumbnail URL, or null.
   * - onNavigate(id): the preview moved to another photo.
   * - onClose(id): the preview closed on photo `id`.
   */
  constructor({ api, getList, lookupThumbnail, onNavigate, onClose }) {
    this.#api = api;
    this.#getList = getList;
    this.#lookupThumbnail = lookupThumbnail;
    this.#onNavigate = onNavigate;
    this.#onClose = onClose;

    const tool = (testid, label, icon, onclick) => el('button', { class: 'tool', type: 'button', 'data-testid': testid, title: label, 'aria-label': label, html: icon, onclick });
    this.title = el('span', { class: 'preview-title', 'data-testid': 'preview-name' });
    this.position = el('span', { class: 'preview-position', 'data-testid': 'preview-position' });
    this.zoomLabel = el('span', { class: 'preview-zoom', 'data-testid': 'zoom-level', 'aria-live': 'polite' });
    this.placeholder = el('img', { class: 'preview-placeholder', alt: '', 'aria-hidden': 'true' });
    this.image = el('img', { class: 'preview-image', 'data-testid': 'preview-image', alt: '', draggable: 'false' });
    this.message = el('div', { class: 'preview-message', 'data-testid': 'preview-message', hidden: true });
    this.notice = el('div', { class: 'preview-notice', 'data-testid': 'preview-notice', role: 'status', hidden: true });
    this.video = el('video', { class: 'preview-video', 'data-testid': 'preview-video', controls: true, playsinline: true, preload: 'metadata', hidden: true });
    this.unplayable = el('div', { class: 'preview-unplayable', 'data-testid': 'preview-unplayable', hidden: true });
    this.motion = el('video', { class: 'preview-motion', 'data-testid': 'preview-motion', muted: true, playsinline: true, hidden: true });
    this.liveButton = el('button', {
      class: 'preview-live',
      type: 'button',
      'data-testid': 'preview-live',
      title: 'Live Photo: rest the pointer here or hold to play',
      'aria-label': 'Play Live Photo',
      text: '◉ LIVE',
      hidden: true,
      onpointerenter: () => this.#playMotion(),
      onpointerdown: (event) => {
        event.stopPropagation(); // not the start of a pan
        this.#playMotion();
      },
      onpointerleave: () => this.#stopMotion(),
      onclick: () => this.#playMotion(),
    });
    this.stage = el('div', {
      class: 'preview-stage',
      onwheel: (event) => this.#onWheel(event),
      onpointerdown: (event) => this.#onPointerDown(event),
      onpointermove: (event) => this.#onPointerMove(event),
      onpointerup: (event) => this.#onPointerUp(event),
      onpointercancel: (event) => this.#onPointerUp(event),
      ondblclick: (event) => this.#onDoubleClick(event),
    }, this.placeholder, this.image, this.motion, this.video, this.unplayable, this.liveButton, this.message, this.notice);
    this.previousButton = tool('preview-previous', 'Previous photo (←)', icons.chevronLeft, () => this.step(-1));
    this.nextButton = tool('preview-next', 'Next photo (→)', icons.chevronRight, () => this.step(1));
    this.zoomOutButton = tool('zoom-out', 'Zoom out (−)', icons.zoomOut, () => this.#zoomBy(1 / ZOOM_STEP));
    this.zoomInButton = tool('zoom-in', 'Zoom in (+)', icons.zoomIn, () => this.#zoomBy(ZOOM_STEP));
    this.element = el(
      'div',
      { class: 'preview', 'data-testid': 'preview', role: 'dialog', 'aria-modal': 'true', 'aria-label': 'Preview', tabindex: '-1', hidden: true, onkeydown: (event) => this.#onKeyDown(event) },
      el('header', { class: 'preview-bar' },
        el('div', { class: 'preview-caption' }, this.title, this.position),
        el('div', { class: 'preview-tools' },
          this.previousButton,
          this.nextButton,
          el('span', { class: 'preview-separator' }),
          this.zoomOutButton,
          this.zoomLabel,
          this.zoomInButton,
          tool('zoom-fit', 'Fit to window (0)', icons.fit, () => this.#fit()),
          el('span', { class: 'preview-separator' }),
          tool('preview-close', 'Close (Esc)', icons.close, () => this.close()),
        ),
      ),
      this.stage,
    );
    new ResizeObserver(() => this.#onResize()).observe(this.stage);
  }

  get isOpen() {
    return !this.element.hidden;
  }

  /** Opens photo `id` of `folder` in `source`; the rest of the page is inert meanwhile. */
  open(source, folder, id) {
    this.#source = source;
    this.#folder = folder;
    if (!this.isOpen) {
      this.#returnFocus = document.activeElement;
      this.element.hidden = false;
      this.#background().forEach((node) => (node.inert = true));
    }
    this.#show(id);
    this.element.focus({ preventScroll: true });
  }

  close() {
    if (!this.isOpen) return;
    this.element.hidden = true;
    this.#background().forEach((node) => (node.inert = false));
    this.#drop('current');
    this.#drop('ahead');
    this.#setImageUrl(null);
    this.#stopVideo();
    this.#stopMotion();
    this.#returnFocus?.focus?.({ preventScroll: true });
    this.#onClose(this.#id);
  }

  /** The page's other top-level parts, made inert (no focus, no clicks) under the dialog. */
  #background() {
    return [...document.body.children].filter((node) => node !== this.element);
  }

  /** Shows the photo `delta` places away in list order, if there is one. */
  step(delta) {
    const list = this.#getList();
    const index = list.indexOf(this.#id) + delta;
    if (index < 0 || index >= list.length) return;
    const id = list.at(index).id;
    this.#show(id, delta);
    this.#onNavigate(id);
  }

  /** The photo was removed while shown: show a neighbour, or close when none is left. */
  itemsChanged() {
    if (!this.isOpen) return;
    const list = this.#getList();
    if (list.has(this.#id)) this.#updateCaption();
    else if (list.length === 0) this.close();
    else this.#show(list.at(Math.min(this.#lastIndex, list.length - 1)).id);
  }

  // MARK: - Loading

  #show(id, direction = 1) {
    const list = this.#getList();
    this.#id = id;
    this.#lastIndex = Math.max(0, list.indexOf(id));
    this.#updateCaption();
    this.element.dataset.state = 'loading';
    this.message.hidden = true;
    this.notice.hidden = true;
    this.image.hidden = true;
    this.#stopVideo();
    this.#stopMotion();
    this.placeholder.hidden = false;
    const thumbnail = this.#lookupThumbnail(id);
    if (thumbnail) this.placeholder.src = thumbnail;
    else this.placeholder.removeAttribute('src');

    this.#drop('current');
    const item = list.get(id);
    this.liveButton.hidden = !liveMotion(item);
    if (item?.kind === 'video') {
      this.#showVideo(item);
      return;
    }
    if (this.#ahead?.id === id) {
      this.#current = this.#ahead;
      this.#ahead = null;
    } else {
      this.#current = this.#fetch(id);
    }
    const current = this.#current;
    current.promise
      .then(async (blob) => {
        if (this.#current !== current) return;
        this.#setImageUrl(URL.createObjectURL(blob));
        await this.#showImage(this.#imageUrl, current, 'This photo cannot be shown by the browser.');
        if (this.#current !== current) return;
        this.element.dataset.state = 'loaded';
        this.#fetchAhead(direction);
      })
      .catch(async (error) => {
        if (this.#api.isAbort(error) || this.#current !== current) return;
        const label = ELSEWHERE[error.reason];
        const item = this.#getList().get(id);
        if (label && item) {
          // The original is elsewhere: the thumbnail, sharp, at most at its own size.
          try {
            this.#setImageUrl(null);
            await this.#showImage(this.#api.thumbnailUrl(this.#source, this.#folder, item), current, error.message);
            if (this.#current !== current) return;
            this.element.dataset.state = 'thumbnail';
            this.notice.hidden = false;
            this.notice.replaceChildren(el('strong', { text: label }), el('span', { text: error.message }));
            this.#fetchAhead(direction);
            return;
          } catch (failure) {
            if (this.#current !== current) return;
            error = failure;
          }
        }
        this.element.dataset.state = 'error';
        this.message.hidden = false;
        this.message.replaceChildren(el('span', { html: icons.warning }), el('p', { text: error.message || 'This photo could not be loaded.' }));
      });
  }

  /**
   * Plays video `item` from the server, which streams it with Range requests; when the browser
   * cannot decode it (an error, or no picture once its metadata is in), its poster frame and a
   * Download link instead.
   */
  #showVideo(item) {
    const current = { id: item.id, controller: new AbortController(), promise: null };
    this.#current = current;
    const unplayable = () => {
      if (this.#current !== current) return;
      this.#stopVideo();
      this.element.dataset.state = 'unplayable';
      this.placeholder.hidden = true;
      this.unplayable.hidden = false;
      this.unplayable.replaceChildren(
        el('img', { class: 'preview-poster', alt: '', src: this.#api.thumbnailUrl(this.#source, this.#folder, item) }),
        el('p', { text: 'This browser cannot play this video’s format.' }),
        el('a', { class: 'button', 'data-testid': 'preview-download', href: this.#api.originalUrl(this.#source, this.#folder, item.id), download: item.name, text: 'Download' }),
      );
    };
    this.video.onerror = unplayable;
    this.video.onloadedmetadata = () => {
      if (this.#current !== current) return;
      if (this.video.videoWidth === 0) return unplayable();
      this.placeholder.hidden = true;
      this.element.dataset.state = 'loaded';
    };
    this.video.poster = this.#lookupThumbnail(item.id) ?? '';
    this.video.src = this.#api.videoUrl(this.#source, this.#folder, item.id);
    this.video.hidden = false;
  }

  /** Stops and empties the video element, so it holds no connection to the server. */
  #stopVideo() {
    this.video.onerror = null;
    this.video.onloadedmetadata = null;
    this.unplayable.hidden = true;
    this.unplayable.replaceChildren();
    if (!this.video.hasAttribute('src')) return;
    this.video.pause();
    this.video.removeAttribute('src');
    this.video.load();
    this.video.hidden = true;
  }

  /** Plays the shown Live Photo's movie over its still, once, from the server's stream. */
  #playMotion() {
    const motion = liveMotion(this.#getList().get(this.#id));
    if (!motion || !this.motion.hidden || !this.#view.width) return;
    this.motion.muted = true; // the attribute alone does not mute a video made by script
    this.motion.style.width = `${this.#view.width}px`;
    this.motion.style.height = `${this.#view.height}px`;
    this.motion.style.transform = this.image.style.transform;
    this.motion.onended = () => this.#stopMotion();
    this.motion.onerror = () => this.#stopMotion();
    this.motion.src = this.#api.videoUrl(this.#source, this.#folder, motion.id);
    this.motion.hidden = false;
    this.motion.play().catch(() => {}); // stopped before it started: nothing to say
    this.element.dataset.live = 'playing';
  }

  /** Stops the Live Photo's movie, if playing, and closes its stream. */
  #stopMotion() {
    delete this.element.dataset.live;
    if (this.motion.hidden) return;
    this.motion.onended = null;
    this.motion.onerror = null;
    this.motion.pause();
    this.motion.removeAttribute('src');
    this.motion.load();
    this.motion.hidden = true;
  }

  /** Shows the image at `url` in place of the placeholder, fitted (never above 100 %). */
  async #showImage(url, current, failure) {
    this.image.src = url;
    try {
      await this.image.decode();
    } catch {
      throw new Error(failure);
    }
    if (this.#current !== current) return;
    this.#view.width = this.image.naturalWidth;
    this.#view.height = this.image.naturalHeight;
    this.image.style.width = `${this.#view.width}px`;
    this.image.style.height = `${this.#view.height}px`;
    this.image.hidden = false;
    this.placeholder.hidden = true;
    this.#fit();
  }

  #updateCaption() {
    const list = this.#getList();
    const index = list.indexOf(this.#id);
    this.title.textContent = list.get(this.#id)?.name ?? '';
    this.position.textContent = `${formatInteger(index + 1)} of ${formatInteger(list.length)}`;
    this.previousButton.disabled = index <= 0;
    this.nextButton.disabled = index >= list.length - 1;
  }

  #fetch(id) {
    const controller = new AbortController();
    return { id, controller, promise: this.#api.getFullImage(this.#source, this.#folder, id, controller.signal) };
  }

  /** Starts fetching the photo after this one in the direction of travel. */
  #fetchAhead(direction) {
    const list = this.#getList();
    const next = list.at(list.indexOf(this.#id) + direction);
    // A video is never fetched ahead: it streams when shown.
    if (!next || next.kind === 'video' || this.#ahead?.id === next.id) return;
    this.#drop('ahead');
    this.#ahead = this.#fetch(next.id);
    this.#ahead.promise.catch(() => {}); // reported if and when it is shown
  }

  #drop(which) {
    const load = which === 'current' ? this.#current : this.#ahead;
    load?.controller.abort();
    if (which === 'current') this.#current = null;
    else this.#ahead = null;
  }

  #setImageUrl(url) {
    if (this.#imageUrl) URL.revokeObjectURL(this.#imageUrl);
    this.#imageUrl = url;
    if (!url) this.image.removeAttribute('src');
  }

  // MARK: - Zoom and pan

  #fit() {
    const view = this.#view;
    if (!view.width) return;
    const { clientWidth, clientHeight } = this.stage;
    // A photo smaller than the window opens at its own size: blown up, a 64-pixel image is mush.
    view.fit = Math.min(1, clientWidth / view.width, clientHeight / view.height);
    view.scale = view.fit;
    this.#apply();
  }

  #zoomBy(factor, originX = this.stage.clientWidth / 2, originY = this.stage.clientHeight / 2) {
    const view = this.#view;
    if (!view.width || this.image.hidden) return;
    const [min, max] = this.#zoomRange();
    const scale = Math.min(max, Math.max(min, view.scale * factor));
    view.x = originX - ((originX - view.x) * scale) / view.scale;
    view.y = originY - ((originY - view.y) * scale) / view.scale;
    view.scale = scale;
    this.#apply();
  }

  /** From fitting the window (100 % for a photo smaller than it) to 8× the larger of the two. */
  #zoomRange() {
    const { fit } = this.#view;
    return [Math.min(fit, 1), Math.max(fit, 1) * MAX_ZOOM];
  }

  /** Keeps the photo centred where it is smaller than the stage, and edge to edge where larger. */
  #apply() {
    const view = this.#view;
    const { clientWidth, clientHeight } = this.stage;
    const clamp = (offset, size, room) => (size <= room ? (room - size) / 2 : Math.min(0, Math.max(room - size, offset)));
    view.x = clamp(view.x, view.width * view.scale, clientWidth);
    view.y = clamp(view.y, view.height * view.scale, clientHeight);
    this.image.style.transform = `translate(${view.x}px, ${view.y}px) scale(${view.scale})`;
    this.motion.style.transform = this.image.style.transform;
    this.zoomLabel.textContent = `${Math.round(view.scale * 100)}%`;
    const [min, max] = this.#zoomRange();
    this.zoomOutButton.disabled = view.scale <= min + 1e-6;
    this.zoomInButton.disabled = view.scale >= max - 1e-6;
    this.stage.classList.toggle('is-zoomed', this.#isZoomed());
  }

  #isZoomed() {
    const view = this.#view;
    return view.width * view.scale > this.stage.clientWidth + 1 || view.height * view.scale > this.stage.clientHeight + 1;
  }

  #onResize() {
    if (!this.isOpen || !this.#view.width) return;
    if (Math.abs(this.#view.scale - this.#view.fit) < 1e-6) this.#fit();
    else this.#apply();
  }

  #onWheel(event) {
    event.preventDefault();
    const rect = this.stage.getBoundingClientRect();
    // A trackpad pinch arrives as a wheel event with ctrlKey, in much smaller steps.
    const factor = Math.exp(-event.deltaY * (event.ctrlKey ? 0.01 : 0.002));
    this.#zoomBy(factor, event.clientX - rect.left, event.clientY - rect.top);
  }

  #onDoubleClick(event) {
    const view = this.#view;
    const rect = this.stage.getBoundingClientRect();
    if (view.scale > view.fit + 1e-6) this.#fit();
    else this.#zoomBy(Math.max(1, view.fit * 2) / view.scale, event.clientX - rect.left, event.clientY - rect.top);
  }

  #onPointerDown(event) {
    if (event.button !== 0) return;
    // One finger on a photo at its fit, or still loading, may swipe: to the next or previous
    // photo, or down to close.
    const alone = this.#pointers.size === 0;
    this.#swipe = event.pointerType === 'touch' && alone && !this.#isZoomed() ? { x: event.clientX, y: event.clientY } : null;
    if (this.image.hidden) return;
    this.stage.setPointerCapture(event.pointerId);
    this.#pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
  }

  #onPointerMove(event) {
    const previous = this.#pointers.get(event.pointerId);
    if (!previous) return;
    const point = { x: event.clientX, y: event.clientY };
    if (this.#pointers.size === 2) {
      const [a, b] = [...this.#pointers.values()];
      const other = a === previous ? b : a;
      const before = Math.hypot(previous.x - other.x, previous.y - other.y);
      const after = Math.hypot(point.x - other.x, point.y - other.y);
      const rect = this.stage.getBoundingClientRect();
      if (before > 0) this.#zoomBy(after / before, (point.x + other.x) / 2 - rect.left, (point.y + other.y) / 2 - rect.top);
    } else if (this.#isZoomed()) {
      this.#view.x += point.x - previous.x;
      this.#view.y += point.y - previous.y;
      this.stage.classList.add('is-panning');
      this.#apply();
    }
    this.#pointers.set(event.pointerId, point);
  }

  #onPointerUp(event) {
    this.#pointers.delete(event.pointerId);
    this.stage.classList.remove('is-panning');
    const swipe = this.#swipe;
    this.#swipe = null;
    if (!swipe || event.type !== 'pointerup' || this.#pointers.size > 0) return;
    const [dx, dy] = [event.clientX - swipe.x, event.clientY - swipe.y];
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > 2 * Math.abs(dy)) this.step(dx < 0 ? 1 : -1);
    else if (dy >= SWIPE_PX && dy > 2 * Math.abs(dx)) this.close();
  }

  #onKeyDown(event) {
    const handlers = {
      Escape: () => this.close(),
      ' ': () => this.close(),
      ArrowLeft: () => this.step(-1),
      ArrowRight: () => this.step(1),
      '+': () => this.#zoomBy(ZOOM_STEP),
      '=': () => this.#zoomBy(ZOOM_STEP),
      '-': () => this.#zoomBy(1 / ZOOM_STEP),
      '0': () => this.#fit(),
    };
    const handler = handlers[event.key];
    if (!handler || event.altKey || event.metaKey || event.ctrlKey) return;
    if (event.key === ' ' && event.target instanceof HTMLButtonElement) return;
    event.preventDefault();
    event.stopPropagation();
    handler();
  }
}
