/**
 * Inline SVG icons, drawn here rather than loaded, so the page makes no extra requests and works
 * offline. Each is a 16×16 outline in `currentColor`.
 */

const svg = (body) =>
  `<svg class="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.4" stroke-linecap="round" stroke-linejoin="round">${body}</svg>`;

export const icons = {
  folder: svg('<path d="M1.5 4.5v8a1 1 0 0 0 1 1h11a1 1 0 0 0 1-1V6a1 1 0 0 0-1-1H7.6L6.2 3.3a1 1 0 0 0-.8-.3H2.5a1 1 0 0 0-1 1z"/>'),
  album: svg('<rect x="1.5" y="4.5" width="11" height="9" rx="1.2"/><path d="M3.5 2.5h10a1 1 0 0 1 1 1v8"/><path d="M1.5 11.5l3-3 3 3 2-2 3 3"/>'),
  smartAlbum: svg('<rect x="1.5" y="2.5" width="13" height="11" rx="1.5"/><circle cx="8" cy="8" r="2"/><path d="M8 4.5v1.5M8 10v1.5M4.5 8H6M10 8h1.5"/>'),
  sharedAlbum: svg('<circle cx="6" cy="5.5" r="2.2"/><path d="M1.8 13.5a4.2 4.2 0 0 1 8.4 0"/><circle cx="11.5" cy="6.5" r="1.8"/><path d="M10.8 10.1a3.4 3.4 0 0 1 3.7 3.4"/>'),
  project: svg('<path d="M3 2.5h9.5v11H3a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1zM5 2.5v11"/>'),
  photos: svg('<rect x="1.5" y="2.5" width="13" height="11" rx="1.5"/><circle cx="5.5" cy="6" r="1.2"/><path d="M14.5 11l-3.5-3.5L4 13.5"/>'),
  timeline: svg('<rect x="1.5" y="1.5" width="5.5" height="5.5" rx="1"/><rect x="9" y="1.5" width="5.5" height="5.5" rx="1"/><rect x="1.5" y="9" width="5.5" height="5.5" rx="1"/><rect x="9" y="9" width="5.5" height="5.5" rx="1"/>'),
  cloud: svg('<path d="M4.5 12.5h7.3a2.7 2.7 0 0 0 .3-5.4 4 4 0 0 0-7.7-.9A3.2 3.2 0 0 0 4.5 12.5z"/>'),
  place: svg('<path d="M8 14.5s-4.5-4.6-4.5-8a4.5 4.5 0 0 1 9 0c0 3.4-4.5 8-4.5 8z"/><circle cx="8" cy="6.5" r="1.6"/>'),
  person: svg('<circle cx="8" cy="5" r="2.8"/><path d="M2.5 14a5.5 5.5 0 0 1 11 0"/>'),
  disk: svg('<rect x="1.5" y="4" width="13" height="8" rx="1.5"/><circle cx="11.5" cy="8" r=".6" fill="currentColor"/>'),
  map: svg('<path d="M1.5 4l4-1.5 5 1.5 4-1.5v9.5l-4 1.5-5-1.5-4 1.5z"/><path d="M5.5 2.5v9.5M10.5 4v9.5"/>'),
  area: svg('<rect x="2.5" y="3.5" width="11" height="9" rx=".5" stroke-dasharray="2 1.6"/>'),
  settings: svg('<circle cx="8" cy="8" r="2.2"/><path d="M8 1.5v2M8 12.5v2M1.5 8h2M12.5 8h2M3.4 3.4l1.4 1.4M11.2 11.2l1.4 1.4M3.4 12.6l1.4-1.4M11.2 4.8l1.4-1.4"/>'),
  up: svg('<path d="M8 13V3M3.5 7.5L8 3l4.5 4.5"/>'),
  chevronLeft: svg('<path d="M10 3L5 8l5 5"/>'),
  chevronRight: svg('<path d="M6 3l5 5-5 5"/>'),
  newTab: svg('<path d="M9 2.5h4.5V7M13.5 2.5L7.5 8.5M11.5 9.5v3a1 1 0 0 1-1 1h-7a1 1 0 0 1-1-1v-7a1 1 0 0 1 1-1h3"/>'),
  names: svg('<rect x="2.5" y="1.5" width="11" height="8" rx="1"/><path d="M4 12.5h8M5.5 14.5h5"/>'),
  inspector: svg('<rect x="1.5" y="2.5" width="13" height="11" rx="1.5"/><path d="M10 2.5v11M11.8 5.5h1M11.8 7.5h1"/>'),
  sidebar: svg('<rect x="1.5" y="2.5" width="13" height="11" rx="1.5"/><path d="M6 2.5v11M2.8 5.5h1.5M2.8 7.5h1.5"/>'),
  zoomIn: svg('<circle cx="7" cy="7" r="4.5"/><path d="M10.5 10.5l3.5 3.5M5 7h4M7 5v4"/>'),
  zoomOut: svg('<circle cx="7" cy="7" r="4.5"/><path d="M10.5 10.5l3.5 3.5M5 7h4"/>'),
  fit: svg('<path d="M2.5 6V2.5H6M10 2.5h3.5V6M13.5 10v3.5H10M6 13.5H2.5V10"/>'),
  close: svg('<path d="M3.5 3.5l9 9M12.5 3.5l-9 9"/>'),
  warning: svg('<path d="M8 1.8l6.5 11.7h-13z"/><path d="M8 6.2v3.3M8 11.5v.1"/>'),
  info: svg('<circle cx="8" cy="8" r="6.5"/><path d="M8 7.2v4M8 4.8v.1"/>'),
};

const STAR = 'M8 1.6l1.95 4.02 4.42.6-3.22 3.07.8 4.39L8 11.58l-3.95 2.1.8-4.39L1.63 6.22l4.42-.6z';

/**
 * The badges over photos, drawn rather than typed: an emoji (⭐ ☁️ ❌) shows as an empty box on a
 * desktop without a colour-emoji font. Each is a 16×16 glyph in `currentColor`; the badge's
 * colour comes from its `data-state` in backup.css.
 */
export const badgeIcons = {
  star: svg(`<path d="${STAR}"/>`),
  starred: svg(`<path d="${STAR}" fill="currentColor"/>`),
  uploading: svg('<path d="M8 13.5V3.5M3.8 7.7L8 3.5l4.2 4.2"/>'),
  backedUp: svg('<path d="M4.5 12.5h7.3a2.7 2.7 0 0 0 .3-5.4 4 4 0 0 0-7.7-.9A3.2 3.2 0 0 0 4.5 12.5z" fill="currentColor"/>'),
  failed: svg('<circle cx="8" cy="8" r="6.3" fill="currentColor" stroke="none"/><path d="M5.6 5.6l4.8 4.8M10.4 5.6l-4.8 4.8" stroke="#fff" stroke-width="1.7"/>'),
  restoring: svg('<path d="M4 1.8h8M4 14.2h8M5 1.8c0 3.4 6 3.4 6 6.2s-6 2.8-6 6.2M11 1.8c0 3.4-6 3.4-6 6.2s6 2.8 6 6.2"/>'),
  restored: svg('<path d="M8 2.5v8M4.2 6.8L8 10.5l3.8-3.7M2.5 13.5h11"/>'),
};

/** The thumbnail error state: a broken-photo glyph as a data URL, so a failed cell stays one `<img>`. */
export const brokenPhotoUrl =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32" fill="none" stroke="#8e8e93" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"><rect x="4" y="6" width="24" height="20" rx="2.5"/><path d="M4 21l7-7 5 5M19 16l2-2 7 7"/><path d="M13 4l6 24" stroke="#ff6961"/></svg>',
  );

/** A transparent pixel: the source of a cell whose thumbnail is loading (an `<img>` without a source draws a border). */
export const blankUrl = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
