/**
 * The inspector (seed 002): a right sidebar that shrinks the grid, with three states — no
 * selection, one photo (thumbnail, dimensions, dates, title, description, keywords, rating,
 * size, camera and exposure, place and GPS, format, MD5), several photos (count, total size,
 * date range). Metadata is fetched only while the inspector is open, after the selection
 * settles, and the last few answers are remembered. Where the source writes sidecars, the
 * rating, colour label, title, description and keywords are edited here, for one photo or all
 * the selected ones (``DescriptionEditor``).
 */

import { el } from '../dom.js';
import {
  formatAltitude, formatAperture, formatBytes, formatCamera, formatClockDate, formatCoordinates, formatDateTime, formatPhotoDate,
  formatDetail, formatDimensions, formatExposure, formatFocalLength, formatISO, formatInteger, formatPlace, formatRating,
} from '../format.js';
import { icons } from '../icons.js';
import { itemKey } from '../photo-list.js';
import { DescriptionEditor } from './description-editor.js';

const SETTLE_MS = 80;
const CACHE_SIZE = 100;

export class Inspector {
  #open = false;
  #state = { source: null, folder: null, items: [] };
  #controller = null;
  #timer = 0;
  #cache = new Map();
  /** The editor of the one photo shown, and the photo's place, whatever its version: `{place, editor}`. */
  #editor = null;
  #api;
  #canEdit;
  #onEdit;

  /**
   * - api: the server's API (api.js), for the photos' metadata and thumbnails.
   * - onClose(): the close button was pressed.
   * - canEdit(): whether the open source's photos can be described (their sidecars written).
   * - onEdit(edit): an edit of the selected photos' descriptions (`{rating}`, `{colorLabel}`, …).
   */
  constructor({ api, onClose, canEdit = () => false, onEdit = () => {} }) {
    this.#api = api;
    this.#canEdit = canEdit;
    this.#onEdit = onEdit;
    this.body = el('div', { class: 'inspector-body' });
    this.element = el(
      'div',
      { class: 'inspector', 'data-testid': 'inspector', role: 'complementary', 'aria-label': 'Inspector' },
      el('header', { class: 'inspector-header' },
        el('h2', { class: 'inspector-heading', text: 'Info' }),
        el('button', { class: 'tool', type: 'button', title: 'Close inspector', 'aria-label': 'Close inspector', html: icons.close, onclick: onClose }),
      ),
      this.body,
    );
  }

  setOpen(open) {
    this.#open = open;
    if (open) this.#render();
    else this.#cancel();
  }

  /** Forgets the metadata fetched so far and shows the selection afresh (a restore changed it). */
  refresh() {
    this.#cache.clear();
    if (this.#open) this.#render();
  }

  /**
   * What the photos' sidecars say after an edit (`answers` by id: `{rating, colorLabel, title,
   * description, keywords}`): kept with their metadata and shown.
   */
  described(source, folder, answers) {
    const { items } = this.#state;
    for (const item of items) {
      const answer = answers[item.id];
      const key = itemKey(source, folder, item);
      if (!answer || !this.#cache.has(key)) continue;
      const metadata = { ...this.#cache.get(key), ...answer };
      this.#cache.set(key, metadata);
      // Shown in place: a field being typed in keeps its text, whatever answers come.
      if (this.#editor?.place === place(source, folder, item)) this.#editor.editor.show(metadata);
    }
  }

  /** Shows the selection: `items` are the selected photos of `folder` in `source`. */
  show(source, folder, items) {
    const previous = this.#state;
    this.#state = { source, folder, items };
    if (!this.#open) return;
    // Listing batches and live changes call this too: redraw only when the selection changed.
    const same = previous.source === source && previous.folder === folder && previous.items.length === items.length && previous.items.every((item, index) => item.id === items[index].id);
    if (!same) {
      this.#render();
      return;
    }
    // The photo shown changed on disk (its sidecar written, here or by another program): its
    // metadata is read again and shown in place, so what is being typed in its editor stays.
    const [item] = items;
    if (items.length === 1 && item.version !== previous.items[0].version) {
      this.#cache.delete(itemKey(source, folder, item));
      this.#cancel();
      this.#controller = new AbortController();
      this.#loadMetadata(item, this.#controller.signal);
    }
  }

  #render() {
    this.#cancel();
    this.#editor = null;
    const { items } = this.#state;
    this.element.dataset.state = items.length === 0 ? 'empty' : items.length === 1 ? 'single' : 'multiple';
    if (items.length === 0) this.#renderEmpty();
    else if (items.length === 1) this.#renderSingle(items[0]);
    else this.#renderMultiple(items);
  }

  #cancel() {
    clearTimeout(this.#timer);
    this.#controller?.abort();
    this.#controller = null;
  }

  #renderEmpty() {
    this.body.replaceChildren(
      el('div', { class: 'inspector-empty', 'data-testid': 'inspector-empty' }, el('span', { class: 'inspector-empty-icon', html: icons.info }), el('p', { text: 'No selection' }), el('p', { class: 'inspector-hint', text: 'Select a photo to see its details.' })),
    );
  }

  #renderMultiple(items) {
    let bytes = 0;
    let first = Infinity;
    let last = -Infinity;
    for (const item of items) {
      bytes += item.size ?? 0;
      if (item.clock == null) continue;
      if (item.clock < first) first = item.clock;
      if (item.clock > last) last = item.clock;
    }
    const range =
      first > last ? null : formatClockDate(first) === formatClockDate(last) ? formatClockDate(first) : `${formatClockDate(first)} – ${formatClockDate(last)}`;
    this.body.replaceChildren(
      el('div', { class: 'inspector-multiple' }, el('div', { class: 'inspector-stack', 'aria-hidden': 'true', html: icons.photos }), el('p', { class: 'inspector-count', 'data-testid': 'inspector-count', text: `${formatInteger(items.length)} photos selected` })),
      fieldList([
        ['Total size', formatBytes(bytes), 'totalSize'],
        ['Dates', range, 'dateRange'],
      ]),
      ...(this.#canEdit() ? [new DescriptionEditor({ several: true, onEdit: this.#onEdit }).element] : []),
    );
  }

  #renderSingle(item) {
    const { source, folder } = this.#state;
    // The grid has usually loaded it already: then it comes from the browser's cache.
    const thumbnail = el('img', { class: 'inspector-thumbnail', 'data-testid': 'inspector-thumbnail', alt: `Thumbnail of ${item.name}`, src: this.#api.thumbnailUrl(source, folder, item) });
    thumbnail.addEventListener('error', () => thumbnail.replaceWith(el('div', { class: 'inspector-thumbnail is-missing', html: icons.warning })), { once: true });
    const cached = this.#cache.get(itemKey(source, folder, item));
    this.body.replaceChildren(
      el('div', { class: 'inspector-preview' }, thumbnail),
      el('h3', { class: 'inspector-name', 'data-testid': 'inspector-name', text: item.name, title: item.name }),
      ...(item.companions.length > 0 ? [fileList(item)] : []),
      this.#details(item, cached),
    );
    this.#controller = new AbortController();
    const signal = this.#controller.signal;
    if (!cached) this.#timer = setTimeout(() => this.#loadMetadata(item, signal), SETTLE_MS);
  }

  async #loadMetadata(item, signal) {
    const { source, folder } = this.#state;
    const key = itemKey(source, folder, item);
    try {
      const metadata = await this.#api.getMetadata(source, folder, item.id, signal);
      this.#cache.set(key, metadata);
      if (this.#cache.size > CACHE_SIZE) this.#cache.delete(this.#cache.keys().next().value);
      const shown = this.body.lastChild;
      const editor = this.#editor?.place === place(source, folder, item) ? this.#editor.editor : null;
      if (editor && shown.contains(editor.element)) {
        // The photo read again: its editor stays where it is, with its focus and what is typed.
        editor.show(metadata);
        shown.lastChild.replaceWith(this.#fields(item, metadata));
      } else {
        shown.replaceWith(this.#details(item, metadata));
      }
    } catch (error) {
      if (this.#api.isAbort(error)) return;
      this.body.lastChild.replaceWith(this.#details(item, null), el('p', { class: 'inspector-error', 'data-testid': 'inspector-error', text: error.message }));
    }
  }

  /**
   * What the listing already knows, then everything the metadata adds; once it has come, the
   * editor of what people write of a photo, where the source can write it.
   */
  #details(item, metadata) {
    const fields = this.#fields(item, metadata);
    if (!this.#canEdit()) return fields;
    if (!metadata) return el('div', { class: 'inspector-details' }, el('div', { class: 'description-editor is-loading' }), fields);
    const editor = new DescriptionEditor({ several: false, description: metadata, onEdit: this.#onEdit });
    this.#editor = { place: place(this.#state.source, this.#state.folder, item), editor };
    return el('div', { class: 'inspector-details' }, editor.element, fields);
  }

  /** The photo's facts: what the listing knows, then what its metadata adds (but what the editor shows). */
  #fields(item, metadata) {
    const m = metadata ?? {};
    const editing = this.#canEdit();
    const fields = fieldList([
      ['Dimensions', formatDimensions(m.width ?? item.width, m.height ?? item.height), 'dimensions'],
      ['Taken', m.dateSource === 'file' ? null : formatPhotoDate(m.photoDate, m.photoDateOffset, m.dateSource), 'photoDate'],
      ['Modified', formatDateTime(m.modificationDate), 'modificationDate'],
      ['Date', metadata ? null : formatPhotoDate(item.date, item.offset, item.dateSource), 'date'],
      ...(editing
        ? []
        : [
            ['Title', m.title, 'title'],
            ['Description', m.description, 'description'],
            ['Keywords', m.keywords?.join(', '), 'keywords'],
            ['Rating', formatRating(m.rating), 'rating'],
            ['Label', m.colorLabel, 'colorLabel'],
          ]),
      ['Size', formatBytes(m.size ?? item.size), 'size'],
      ['Format', m.format?.toUpperCase(), 'format'],
      ['Camera', formatCamera(m.cameraMake, m.cameraModel), 'camera'],
      ['Lens', m.lensModel, 'lens'],
      ['Exposure', formatExposure(m.exposureTime), 'exposure'],
      ['Aperture', formatAperture(m.fNumber), 'aperture'],
      ['ISO', formatISO(m.iso), 'iso'],
      ['Focal length', formatFocalLength(m.focalLength), 'focalLength'],
      ['Place', formatPlace(m.place), 'place'],
      ['Location', formatCoordinates(m.latitude, m.longitude), 'location'],
      ['Altitude', formatAltitude(m.altitude), 'altitude'],
      ...(m.details ?? []).map((detail) => [detail.label, formatDetail(detail), detail.field]),
      ['MD5', m.md5, 'md5'],
    ]);
    fields.dataset.loaded = String(metadata != null);
    return fields;
  }
}

/** Where a photo is shown, whatever its version: an edit or a change on disk keeps its editor. */
function place(source, folder, item) {
  return `${source}/${folder}/${item.id}`;
}

/** What each file of a RAW+JPEG pair or a Live Photo is, with its size. */
const FILE_ROLES = { raw: 'RAW', live: 'Live Photo movie' };

/** The files an item stands for: the one shown, then its companions. */
function fileList(item) {
  const files = [{ name: item.name, role: null, size: item.size }, ...item.companions];
  return el(
    'ul',
    { class: 'inspector-files', 'data-testid': 'inspector-files', 'aria-label': 'Files' },
    ...files.map((file) =>
      el('li', { class: 'inspector-file', 'data-testid': 'inspector-file', 'data-role': file.role ?? 'shown' },
        el('span', { class: 'inspector-file-name', text: file.name, title: file.name }),
        el('span', { class: 'inspector-file-role', text: [FILE_ROLES[file.role] ?? 'Shown', formatBytes(file.size)].filter(Boolean).join(' · ') }),
      ),
    ),
  );
}

/** A definition list of `[label, value, field]`, skipping empty values. */
function fieldList(rows) {
  return el(
    'dl',
    { class: 'inspector-fields' },
    ...rows
      .filter(([, value]) => value != null && value !== '')
      .map(([label, value, field]) => el('div', { class: 'inspector-field', 'data-field': field }, el('dt', { text: label }), el('dd', { text: String(value), 'data-testid': `inspector-${field}` }))),
  );
}
