/**
 * Ratings, colour labels, keywords, titles and descriptions, edited for the selection (or the
 * photo the keyboard is on) from the inspector and the keys 0–5, as Lightroom's: written to the
 * photos' XMP sidecars by the server, never into the photos.
 */

import { can } from '../app-state.js';

export class DescribeController {
  #deps;

  /**
   * - store, api, selection: the page's store, the server's API, the selection.
   * - inspector: shows what the sidecars say after an edit.
   * - status, banner: where what was done, and what could not be, is said.
   */
  constructor(deps) {
    this.#deps = deps;
  }

  /** The photos an edit is for: the selection, else the photo the keyboard is on. */
  targets() {
    const { store, selection } = this.#deps;
    const { list } = store.state;
    const selected = selection.ids().filter((id) => list.has(id));
    return selected.length > 0 ? selected : selection.focus != null && list.has(selection.focus) ? [selection.focus] : [];
  }

  /** Sets the stars of the selection (0 takes them away). */
  rate(stars) {
    return this.edit(this.targets(), { rating: stars });
  }

  /** Makes `edit` for the photos `ids` of the open folder, where the source can. */
  async edit(ids, edit) {
    const { store, api, inspector, status, banner } = this.#deps;
    const { source, folder } = store.state;
    if (!source || ids.length === 0 || !can(store.state, 'describe')) return;
    try {
      const { items } = await api.describe(source.id, folder, ids, edit);
      const done = Object.entries(items).filter(([, answer]) => !answer.error);
      inspector.described(source.id, folder, Object.fromEntries(done));
      const failures = Object.values(items).filter((answer) => answer.error);
      if (failures.length === 1) banner.show(failures[0].error);
      else if (failures.length > 1) banner.show(`${failures.length} photos could not be changed. ${failures[0].error}`);
      if (done.length > 0) status.announce(describeEdit(edit, done.length));
    } catch (error) {
      banner.show(error.message);
    }
  }
}

/** What an edit did, in words: "Rated 20 photos ★★★★☆". */
function describeEdit(edit, count) {
  const photos = count === 1 ? '1 photo' : `${count} photos`;
  if (edit.rating != null) return edit.rating === 0 ? `Took the stars off ${photos}` : `Rated ${photos} ${'★'.repeat(edit.rating)}${'☆'.repeat(5 - edit.rating)}`;
  if (edit.colorLabel != null) return edit.colorLabel === '' ? `Took the label off ${photos}` : `Labelled ${photos} ${edit.colorLabel}`;
  if (edit.addKeywords?.length) return `Added ${edit.addKeywords.join(', ')} to ${photos}`;
  if (edit.removeKeywords?.length) return `Took ${edit.removeKeywords.join(', ')} off ${photos}`;
  return `Changed ${photos}`;
}
