/**
 * The photo context menu (seed 000's menu on a cell): opened by a right click on a photo, or by
 * the context-menu key or Shift-F10 on the focused one. It acts on the selection, which a right
 * click on an unselected photo replaces first, as in Finder and Photos. Arrow keys move between
 * entries, Enter runs one, Escape or a click elsewhere closes it.
 */

import { el } from '../dom.js';

export class ContextMenu {
  #entries = [];
  #restoreFocus = null;

  constructor() {
    this.element = el('div', {
      class: 'context-menu',
      'data-testid': 'context-menu',
      role: 'menu',
      hidden: true,
      onkeydown: (event) => this.#onKeyDown(event),
    });
    document.addEventListener('pointerdown', (event) => {
      if (!this.element.hidden && !this.element.contains(event.target)) this.close();
    }, true);
    window.addEventListener('blur', () => this.close());
    window.addEventListener('resize', () => this.close());
  }

  get isOpen() {
    return !this.element.hidden;
  }

  /**
   * Shows `entries` (`{label, action, run, disabled?}`) at the page point `x`, `y`, kept inside
   * the window, and focuses the first enabled entry.
   */
  open(entries, x, y) {
    this.#restoreFocus = document.activeElement;
    this.#entries = entries;
    this.element.replaceChildren(
      ...entries.map((entry) =>
        el('button', {
          class: 'context-menu-item',
          type: 'button',
          role: 'menuitem',
          'data-testid': 'context-menu-item',
          'data-action': entry.action,
          disabled: entry.disabled === true,
          text: entry.label,
          onclick: () => this.#run(entry),
        }),
      ),
    );
    this.element.hidden = false;
    const { offsetWidth: width, offsetHeight: height } = this.element;
    this.element.style.left = `${Math.max(4, Math.min(x, window.innerWidth - width - 4))}px`;
    this.element.style.top = `${Math.max(4, Math.min(y, window.innerHeight - height - 4))}px`;
    this.#buttons().find((button) => !button.disabled)?.focus();
  }

  close() {
    if (this.element.hidden) return;
    this.element.hidden = true;
    this.element.replaceChildren();
    this.#entries = [];
    if (this.#restoreFocus?.isConnected) this.#restoreFocus.focus({ preventScroll: true });
    this.#restoreFocus = null;
  }

  #run(entry) {
    this.close();
    entry.run();
  }

  #buttons() {
    return [...this.element.querySelectorAll('button:not([disabled])')];
  }

  #onKeyDown(event) {
    const buttons = this.#buttons();
    const index = buttons.indexOf(document.activeElement);
    if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      this.close();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      buttons[(index + step + buttons.length) % buttons.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      (event.key === 'Home' ? buttons[0] : buttons[buttons.length - 1])?.focus();
    }
    event.stopPropagation(); // the grid and the page must not act on the menu's keys
  }
}
