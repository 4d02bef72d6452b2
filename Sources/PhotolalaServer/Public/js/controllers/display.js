/**
 * The display settings applied to the page (cell size, fit, grouping, names, sort, the
 * inspector), and what the selection shows: its count and size, the star button, the inspector.
 */

import { can, listOrder } from '../app-state.js';
import { THUMBNAIL_SIZES } from '../settings.js';

export class DisplayController {
  #store;
  #settings;
  #selection;
  #grid;
  #toolbar;
  #inspector;
  #status;
  #app;
  #inspectorPane;
  #onFilterChange;
  #onSelectionChange;

  /**
   * - store, settings, selection: the page's store, display settings and selection.
   * - grid, toolbar, inspector, status: what shows them.
   * - app, inspectorPane: the page's root element and the inspector's column.
   * - onFilterChange(): the "not backed up" filter was switched.
   * - onSelectionChange(): the selection changed (after the status bar and the inspector).
   */
  constructor({ store, settings, selection, grid, toolbar, inspector, status, app, inspectorPane, onFilterChange, onSelectionChange }) {
    this.#store = store;
    this.#settings = settings;
    this.#selection = selection;
    this.#grid = grid;
    this.#toolbar = toolbar;
    this.#inspector = inspector;
    this.#status = status;
    this.#app = app;
    this.#inspectorPane = inspectorPane;
    this.#onFilterChange = onFilterChange;
    this.#onSelectionChange = onSelectionChange;
    this.#applyDisplay();
    this.#applyInspector();
    settings.onChange((changed) => this.#settingsChanged(changed));
    selection.onChange(() => this.showSelection());
  }

  /**
   * The controls the open source declares a use for: sorting and grouping, the star and filter
   * controls and the hover star (starring), search.
   */
  applyCapabilities() {
    const state = this.#store.state;
    this.#toolbar.setCapabilities({ sorting: can(state, 'sorting'), grouping: can(state, 'grouping'), star: can(state, 'star'), search: can(state, 'search') });
    this.#grid.badges.setStarrable(can(state, 'star'));
    this.#applyDisplay();
  }

  /** The selected photos' count and size, and the inspector on them. */
  showSelection() {
    const { list, source, folder } = this.#store.state;
    const items = [];
    let bytes = 0;
    for (const id of this.#selection.ids()) {
      const item = list.get(id);
      if (!item) continue;
      items.push(item);
      bytes += item.size ?? 0;
    }
    this.#status.setSelection(items.length, bytes);
    this.#onSelectionChange();
    this.#inspector.show(source?.id, folder, items);
  }

  #applyDisplay() {
    const state = this.#store.state;
    const group = state.source == null || can(state, 'grouping') ? this.#settings.get('group') : 'none';
    this.#grid.setDisplay({ size: THUMBNAIL_SIZES[this.#settings.get('size')], fit: this.#settings.get('fit'), group, names: this.#settings.get('names') });
  }

  /** Shows or hides the inspector; the grid gets or gives up the room (its resize re-lays it out). */
  #applyInspector() {
    const open = this.#settings.get('inspector');
    this.#inspectorPane.hidden = !open;
    this.#app.classList.toggle('has-inspector', open);
    this.#inspector.setOpen(open);
  }

  #settingsChanged(changed) {
    if ('sort' in changed) {
      this.#store.state.list.setSort(listOrder(this.#store.state, this.#settings.get('sort')));
      this.#grid.itemsChanged();
      // A chosen photo stays in view; the keyboard's resting place (a folder's first photo, as it
      // opened) moves to the new first one, and the grid stays at its top.
      const { focus } = this.#selection;
      const { list } = this.#store.state;
      if (focus != null && this.#selection.has(focus)) this.#grid.revealItem(focus);
      else if (focus != null && list.length > 0) this.#selection.moveFocus(list.at(0).id);
    }
    if ('size' in changed || 'fit' in changed || 'group' in changed || 'names' in changed) this.#applyDisplay();
    if ('inspector' in changed) {
      this.#applyInspector();
      this.showSelection();
    }
    if ('filter' in changed) this.#onFilterChange();
  }
}
