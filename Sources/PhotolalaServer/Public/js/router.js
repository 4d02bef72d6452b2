/**
 * The URL hash is the navigation state, `#/<source>/<folder>`, so a reload, the back button and a
 * folder opened in a new tab all land on the same folder. Ids are opaque; they are only encoded.
 */

/** The location in the hash: `{source, folder}` (folder may be null: the source's root), or null. */
export function currentLocation() {
  const [source, folder] = location.hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent);
  return source ? { source, folder: folder || null } : null;
}

/** The hash link of a folder, usable as an `href` (also for "open in new tab"). */
export function folderHref(source, folder) {
  const path = [source, folder].filter((part) => part != null).map(encodeURIComponent).join('/');
  return `#/${path}`;
}

/** Goes to a folder; `replace` rewrites the current history entry instead of adding one. */
export function navigate(source, folder, { replace = false } = {}) {
  const href = folderHref(source, folder);
  if (location.hash === href) return;
  if (replace) location.replace(href);
  else location.hash = href;
}

/** Calls `handler(location)` whenever the hash changes. */
export function onLocationChange(handler) {
  window.addEventListener('hashchange', () => handler(currentLocation()));
}
