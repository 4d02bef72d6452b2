/**
 * Photos dragged from the grid: onto an album in the sidebar to add them, or, in an album,
 * onto another of its photos to put them before it. What is dragged travels in the drag's own
 * data, under a type of Photolala's, so a drop in another tab of the same server works too and
 * a drop of anything else (a file, a link) is not taken for photos.
 */

/** The drag data's type: `{source, folder, ids}` as JSON. */
export const PHOTOS_TYPE = 'application/x-photolala-photos';

/** Starts a drag of photos `ids` of `folder` of `source`, whose name is also given as text. */
export function startPhotoDrag(event, { source, folder, ids, names }) {
  event.dataTransfer.effectAllowed = 'copyMove';
  event.dataTransfer.setData(PHOTOS_TYPE, JSON.stringify({ source, folder, ids }));
  event.dataTransfer.setData('text/plain', names.join('\n'));
}

/** Whether a drag over the page carries photos (its data is read only once dropped). */
export function carriesPhotos(event) {
  return event.dataTransfer?.types.includes(PHOTOS_TYPE) ?? false;
}

/** The photos a drop brings, `{source, folder, ids}`, or null when it brings none. */
export function droppedPhotos(event) {
  try {
    const photos = JSON.parse(event.dataTransfer.getData(PHOTOS_TYPE));
    const valid = typeof photos?.source === 'string' && typeof photos.folder === 'string' && Array.isArray(photos.ids);
    return valid && photos.ids.every((id) => typeof id === 'string') ? photos : null;
  } catch {
    return null;
  }
}
