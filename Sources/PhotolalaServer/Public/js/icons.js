/**
 * Inline SVG icons, drawn here rather than loaded, so the page makes no extra requests and works
 * offline. Each is a 16×16 outline in `currentColor`.
 */

const svg = (body) =>
  `<svg class="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.4" stroke-linecap="round" stroke-linejoin="round">${body}</svg>`;

export const icons = {
  folder: svg('<path d="M1.5 4.5v8a1 1 0 0 0 1 1h11a1 1 0 0 0 1-1V6a1 1 0 0 0-1-1H7.6L6.2 3.3a1 1 0 0 0-.8-.3H2.5a1 1 0 0 0-1 1z"/>'),
  photos: svg('<rect x="1.5" y="2.5" width="13" height="11" rx="1.5"/><circle cx="5.5" cy="6" r="1.2"/><path d="M14.5 11l-3.5-3.5L4 13.5"/>'),
  cloud: svg('<path d="M4.5 12.5h7.3a2.7 2.7 0 0 0 .3-5.4 4 4 0 0 0-7.7-.9A3.2 3.2 0 0 0 4.5 12.5z"/>'),
  disk: svg('<rect x="1.5" y="4" width="13" height="8" rx="1.5"/><circle cx="11.5" cy="8" r=".6" fill="currentColor"/>'),
  up: svg('<path d="M8 13V3M3.5 7.5L8 3l4.5 4.5"/>'),
  chevronLeft: svg('<path d="M10 3L5 8l5 5"/>'),
  chevronRight: svg('<path d="M6 3l5 5-5 5"/>'),
  newTab: svg('<path d="M9 2.5h4.5V7M13.5 2.5L7.5 8.5M11.5 9.5v3a1 1 0 0 1-1 1h-7a1 1 0 0 1-1-1v-7a1 1 0 0 1 1-1h3"/>'),
  inspector: svg('<rect x="1.5" y="2.5" width="13" height="11" rx="1.5"/><path d="M10 2.5v11M11.8 5.5h1M11.8 7.5h1"/>'),
  sidebar: svg('<rect x="1.5" y="2.5" width="13" height="11" rx="1.5"/><path d="M6 2.5v11M2.8 5.5h1.5M2.8 7.5h1.5"/>'),
  zoomIn: svg('<circle cx="7" cy="7" r="4.5"/><path d="M10.5 10.5l3.5 3.5M5 7h4M7 5v4"/>'),
  zoomOut: svg('<circle cx="7" cy="7" r="4.5"/><path d="M10.5 10.5l3.5 3.5M5 7h4"/>'),
  fit: svg('<path d="M2.5 6V2.5H6M10 2.5h3.5V6M13.5 10v3.5H10M6 13.5H2.5V10"/>'),
  close: svg('<path d="M3.5 3.5l9 9M12.5 3.5l-9 9"/>'),
  warning: svg('<path d="M8 1.8l6.5 11.7h-13z"/><path d="M8 6.2v3.3M8 11.5v.1"/>'),
  info: svg('<circle cx="8" cy="8" r="6.5"/><path d="M8 7.2v4M8 4.8v.1"/>'),
};

/** The thumbnail error state: a broken-photo glyph as a data URL, so a failed cell stays one `<img>`. */
export const brokenPhotoUrl =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32" fill="none" stroke="#8e8e93" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"><rect x="4" y="6" width="24" height="20" rx="2.5"/><path d="M4 21l7-7 5 5M19 16l2-2 7 7"/><path d="M13 4l6 24" stroke="#ff6961"/></svg>',
  );

/** A transparent pixel: the source of a cell whose thumbnail is loading (an `<img>` without a source draws a border). */
export const blankUrl = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
