/**
 * The window toolbar: where you are (up button, breadcrumb, and "Photos": every photo beneath the
 * open folder in one timeline) and how photos are shown (size, fit or
 * fill, sort, grouping, file names, inspector), starring the selection for backup and showing only the photos
 * not backed up yet; for a search, its map. The display controls edit the tab's Settings directly and
 * follow them, so a shortcut that changes a setting updates the buttons too.
 */

import { el } from '../dom.js';
import { badgeIcons, icons } from '../icons.js';
import { Breadcrumb } from './breadcrumb.js';

const SIZES = [
  ['small', 'S', 'Small thumbnails (64 px)'],
  ['medium', 'M', 'Medium thumbnails (128 px)'],
  ['large', 'L', 'Large thumbnails (256 px)'],
];
const FITS = [
  ['fit', 'Fit', 'Scale to fit: whole photos'],
  ['fill', 'Fill', 'Scale to fill: square crops'],
];
const SORTS = [
  ['date-asc', 'Date, oldest first'],
  ['date-desc', 'Date, newest first'],
  ['name-asc', 'Name, A to Z'],
  ['name-desc', 'Name, Z to A'],
];
const GROUPS = [
  ['none', 'No grouping'],
  ['day', 'Group by day'],
  ['month', 'Group by month'],
];

export class Toolbar {
  #settings;

  /**
   * - settings: the tab's Settings.
   * - onUp(): go to the parent folder.
   * - onToggleSidebar(): show or hide the source list (narrow windows).
   * - onStarToggle(): star the selection for backup, or unstar it when all of it is starred.
   * - onSearch(text): the search field's text changed (empty: show every photo).
   * - onMap(): show the search's photos on a map, or go back from the map to them.
   */
  constructor({ settings, onUp, onToggleSidebar, onStarToggle, onSearch, onMap, onSelect }) {
    this.#settings = settings;
    this.breadcrumb = new Breadcrumb();
    this.upButton = el('button', { class: 'tool', type: 'button', 'data-testid': 'go-up', title: 'Enclosing folder (Alt+↑)', 'aria-label': 'Enclosing folder', html: icons.up, onclick: onUp });
    this.sizeButtons = this.#segmented('size', SIZES, 'Thumbnail size');
    this.fitButtons = this.#segmented('fit', FITS, 'Thumbnail scaling');
    this.sortSelect = this.#select('sort', SORTS, 'Sort order');
    this.groupSelect = this.#select('group', GROUPS, 'Grouping');
    this.starButton = el('button', {
      class: 'tool star-toggle',
      type: 'button',
      'data-testid': 'star-toggle',
      title: 'Star the selection for backup',
      'aria-label': 'Star for backup',
      'aria-pressed': 'false',
      disabled: true,
      html: badgeIcons.star,
      onclick: onStarToggle,
    });
    this.filterButton = el('button', {
      class: 'tool filter-toggle',
      type: 'button',
      'data-testid': 'filter-not-backed-up',
      title: 'Show only photos not backed up yet',
      'aria-pressed': 'false',
      text: 'Not backed up',
      onclick: () => settings.set({ filter: settings.get('filter') === 'notBackedUp' ? 'all' : 'notBackedUp' }),
    });
    this.searchField = el('input', {
      class: 'search-field',
      type: 'search',
      'data-testid': 'search-field',
      placeholder: 'Filter by name',
      'aria-label': 'Filter by name',
      spellcheck: 'false',
      autocomplete: 'off',
      oninput: () => onSearch(this.searchField.value),
      onkeydown: (event) => {
        if (event.key !== 'Escape' || this.searchField.value === '') return;
        event.stopPropagation(); // the first Escape clears the field; the next goes on
        this.searchField.value = '';
        onSearch('');
      },
    });
    this.mapButton = el('button', {
      class: 'tool',
      type: 'button',
      'data-testid': 'map-button',
      title: 'Show the photos found on a map',
      'aria-label': 'Map',
      'aria-pressed': 'false',
      hidden: true,
      html: icons.map,
      onclick: onMap,
    });
    this.namesButton = el('button', {
      class: 'tool',
      type: 'button',
      'data-testid': 'names-toggle',
      title: 'Show file names under photos',
      'aria-label': 'File names',
      'aria-pressed': 'false',
      html: icons.names,
      onclick: () => settings.set({ names: !settings.get('names') }),
    });
    this.timelineLink = el('a', {
      class: 'tool timeline-link',
      'data-testid': 'timeline',
      title: 'Photos: every photo beneath this folder, by date',
      'aria-label': 'Photos beneath this folder',
      hidden: true,
      html: icons.timeline,
    }, el('span', { text: 'Photos' }));
    this.inspectorButton = el('button', {
      class: 'tool',
      type: 'button',
      'data-testid': 'inspector-toggle',
      title: 'Inspector (Ctrl+I / ⌘I)',
      'aria-label': 'Inspector',
      'aria-pressed': 'false',
      html: icons.inspector,
      onclick: () => settings.set({ inspector: !settings.get('inspector') }),
    });
    // Selection mode, for a touch screen, where there is no Shift or ⌘ to click with.
    this.selectButton = el('button', {
      class: 'tool tool-text',
      type: 'button',
      'data-testid': 'select-mode',
      title: 'Select photos',
      'aria-pressed': 'false',
      text: 'Select',
      onclick: onSelect,
    });
    this.sidebarToggle = el('button', { class: 'tool sidebar-toggle', type: 'button', title: 'Sources', 'aria-label': 'Show sources', html: icons.sidebar, onclick: onToggleSidebar });
    this.element = el(
      'div',
      { class: 'toolbar' },
      el('div', { class: 'toolbar-place' },
        this.sidebarToggle,
        this.upButton,
        this.breadcrumb.element,
      ),
      el(
        'div',
        { class: 'toolbar-controls' },
        this.timelineLink, this.mapButton, this.searchField, this.sizeButtons, this.fitButtons, this.sortSelect, this.groupSelect, this.namesButton, this.filterButton, this.selectButton,
      ),
      // The selection's actions: on a phone they stay beside the title, the display controls
      // going to a row of their own.
      el('div', { class: 'toolbar-actions' }, this.starButton, this.inspectorButton),
    );
    settings.onChange(() => this.#sync());
    this.#sync();
  }

  /** Empties the search field (another folder opened). */
  clearSearch() {
    this.searchField.value = '';
  }

  /** Links the "Photos" button to the open folder's timeline (a hash link), or hides it (`null`). */
  setTimeline(href) {
    this.timelineLink.hidden = href == null;
    if (href == null) this.timelineLink.removeAttribute('href');
    else this.timelineLink.href = href;
  }

  /** Enables the up button when the open folder has a parent. */
  setCanGoUp(enabled) {
    this.upButton.disabled = !enabled;
  }

  /** Enables the display controls (not for an unconfigured source's message). */
  setControlsEnabled(enabled) {
    for (const control of this.element.querySelectorAll('.toolbar-controls button, .toolbar-controls select')) {
      if (control !== this.inspectorButton && control !== this.starButton && control !== this.mapButton) control.disabled = !enabled;
    }
    this.#sync();
  }

  /**
   * Shows the controls the open source has a use for (its capabilities): sorting, grouping, and
   * the backup's star and "not backed up" filter (not in the Cloud source, whose photos are the
   * backup).
   */
  setCapabilities({ sorting, grouping, star, search }) {
    // Sources that search look in titles and keywords too (Apple Photos); the others filter names.
    const label = search ? 'Search titles, names, keywords' : 'Filter by name';
    this.searchField.placeholder = label;
    this.searchField.setAttribute('aria-label', label);
    this.sortSelect.hidden = !sorting;
    this.groupSelect.hidden = !grouping;
    this.starButton.hidden = !star;
    this.filterButton.hidden = !star;
  }

  /** Shows the Select button pressed while the grid is in selection mode. */
  setSelecting(selecting) {
    this.selectButton.setAttribute('aria-pressed', String(selecting));
  }

  /** Shows the map button (a search, or its map, is open), pressed while the map is shown. */
  setMap({ visible, shown }) {
    this.mapButton.hidden = !visible;
    this.mapButton.setAttribute('aria-pressed', String(shown));
    this.mapButton.title = shown ? 'Back to the photos found' : 'Show the photos found on a map';
  }

  /** Whether the star button can act (photos are selected) and whether all of them are starred. */
  setStar({ enabled, starred }) {
    this.starButton.disabled = !enabled;
    this.starButton.innerHTML = starred ? badgeIcons.starred : badgeIcons.star;
    this.starButton.setAttribute('aria-pressed', String(starred));
    this.starButton.title = starred ? 'Unstar the selection' : 'Star the selection for backup';
  }

  #segmented(name, options, label) {
    return el(
      'div',
      { class: 'segmented', role: 'group', 'aria-label': label },
      ...options.map(([value, text, title]) =>
        el('button', {
          type: 'button',
          class: 'segment',
          'data-testid': `${name}-${value}`,
          'data-value': value,
          title,
          'aria-pressed': 'false',
          text,
          onclick: () => this.#settings.set({ [name]: value }),
        }),
      ),
    );
  }

  #select(name, options, label) {
    return el(
      'select',
      { class: 'tool-select', 'data-testid': name, 'aria-label': label, title: label, onchange: (event) => this.#settings.set({ [name]: event.target.value }) },
      ...options.map(([value, text]) => el('option', { value, text })),
    );
  }

  #sync() {
    const settings = this.#settings;
    for (const [group, name] of [[this.sizeButtons, 'size'], [this.fitButtons, 'fit']]) {
      for (const button of group.children) button.setAttribute('aria-pressed', String(button.dataset.value === settings.get(name)));
    }
    this.sortSelect.value = settings.get('sort');
    this.groupSelect.value = settings.get('group');
    const byName = settings.get('sort').startsWith('name');
    if (byName) this.groupSelect.disabled = true;
    else if (!this.sortSelect.disabled) this.groupSelect.disabled = false;
    this.groupSelect.title = byName ? 'Grouping applies to date order' : 'Grouping';
    this.inspectorButton.setAttribute('aria-pressed', String(settings.get('inspector')));
    this.namesButton.setAttribute('aria-pressed', String(settings.get('names')));
    this.filterButton.setAttribute('aria-pressed', String(settings.get('filter') === 'notBackedUp'));
  }
}
