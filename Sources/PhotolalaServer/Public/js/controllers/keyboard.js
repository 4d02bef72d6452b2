/**
 * The page's own shortcuts, wherever the focus is (but in a field, or over the preview, which
 * has its own): ⌘I the inspector, ⌘F the search field, / and ⌘K the search over every source, ⌥↑ or Backspace the parent folder, ⌘A
 * every photo, S stars the selected (or focused) photos or unstars them, 0–5 rate them as
 * Lightroom's keys do; and the arrow keys
 * reach the grid when nothing has the focus. Escape, when nothing else takes it (a selection,
 * a panel), goes up a level too: a remote's Back.
 */

import { can } from '../app-state.js';
import { hasCommandKey, isEditing } from '../dom.js';

/** Whether the keyboard is on the page's browsing (the sources, the tiles, the grid, or nothing), not in a panel or a dialog. */
function isBrowsing(target) {
  return target === document.body || target.closest?.('.sidebar-sources, .folder-strip, .grid-scroller') != null;
}

/**
 * Listens for the shortcuts for as long as the page is open.
 * - store, settings, selection: the page's store, the display settings, the selection.
 * - grid, toolbar, sidebar, preview: the components the shortcuts act on.
 * - goUp(): opens the parent folder.
 * - toggleStar(): stars the selected photos for backup, or unstars them.
 * - rate(stars): sets the selected photos' rating.
 */
export function listenForShortcuts({ store, settings, selection, grid, toolbar, sidebar, preview, goUp, toggleStar, rate }) {
  document.addEventListener('keydown', (event) => {
    if (preview.isOpen || isEditing(event)) return;
    const key = event.key.toLowerCase();
    if (hasCommandKey(event) && key === 'i' && !event.shiftKey && !event.altKey) {
      event.preventDefault();
      settings.set({ inspector: !settings.get('inspector') });
    } else if (hasCommandKey(event) && key === 'f' && !event.shiftKey && !event.altKey) {
      event.preventDefault(); // the page's own search field, not the browser's find bar
      toolbar.searchField.focus();
      toolbar.searchField.select();
    } else if ((event.key === '/' && !hasCommandKey(event) && !event.altKey) || (hasCommandKey(event) && key === 'k' && !event.shiftKey && !event.altKey)) {
      event.preventDefault(); // the search over every source, not the browser's address bar
      sidebar.search.focus();
      sidebar.search.select();
    } else if ((event.altKey && event.key === 'ArrowUp') || (event.key === 'Backspace' && !hasCommandKey(event))) {
      event.preventDefault();
      goUp();
    } else if (event.key === 'Escape' && !event.defaultPrevented && !hasCommandKey(event) && isBrowsing(event.target)) {
      goUp();
    } else if (key === 's' && !hasCommandKey(event) && !event.altKey && !event.shiftKey && can(store.state, 'star')) {
      event.preventDefault();
      toggleStar();
    } else if (/^[0-5]$/.test(event.key) && !hasCommandKey(event) && !event.altKey && can(store.state, 'describe')) {
      event.preventDefault();
      rate(Number(event.key));
    } else if (hasCommandKey(event) && key === 'a' && !grid.element.contains(event.target)) {
      event.preventDefault(); // select all photos, not the page's text, wherever the focus is
      selection.selectAll(store.state.list);
      grid.focus();
    } else if (event.target === document.body && /^(Arrow|Page|Home|End)/.test(event.key)) {
      grid.focus(); // the grid is where the keyboard acts when nothing else has the focus
    }
  });
}
