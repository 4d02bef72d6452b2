/**
 * The sidebar as a drawer where the window is narrow (a phone, a tablet upright): the toolbar's
 * toggle opens it over the photos, below the toolbar, so the toggle closes it again; so do a tap
 * on the dimmed photos beside it, Escape, and a place opened from it. Wide windows show the
 * sidebar beside the photos, where none of this applies.
 */

export class SidebarDrawer {
  #app;
  #toggle;

  /** - app: the page's root element; toggle: the toolbar's button that shows the sources. */
  constructor({ app, toggle }) {
    this.#app = app;
    this.#toggle = toggle;
    toggle.setAttribute('aria-expanded', 'false');
    // The dimmed photos beside an open drawer are the app's own ::after: a tap there is on the app.
    app.addEventListener('click', (event) => {
      if (event.target === app && this.isOpen) this.close();
    });
    document.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || !this.isOpen) return;
      event.preventDefault();
      this.close();
      toggle.focus();
    });
  }

  get isOpen() {
    return this.#app.classList.contains('sidebar-open');
  }

  toggle() {
    if (this.isOpen) this.close();
    else this.open();
  }

  open() {
    this.#app.classList.add('sidebar-open');
    this.#toggle.setAttribute('aria-expanded', 'true');
  }

  close() {
    this.#app.classList.remove('sidebar-open');
    this.#toggle.setAttribute('aria-expanded', 'false');
  }
}
