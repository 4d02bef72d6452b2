/**
 * The path from the source's root to the open folder. Every ancestor is a link, so going back up
 * is one click (or a middle-click for a new tab); the open folder is the last, unlinked entry.
 * Where the path does not fit (a narrow window, the inspector open), the ancestors nearest the
 * root give way first to one "…" link, to the last of them, naming them all in its tooltip: an
 * ancestor is never squeezed to a letter or two.
 */

import { el } from '../dom.js';
import { folderHref } from '../router.js';

/** The narrowest an ancestor's name is shown cut short (its ellipsis included), in pixels. */
const NARROWEST_ANCESTOR = 48;

export class Breadcrumb {
  constructor() {
    this.list = el('ol', { class: 'breadcrumb-list' });
    this.element = el('nav', { class: 'breadcrumb', 'data-testid': 'breadcrumb', 'aria-label': 'Folder path' }, this.list);
    new ResizeObserver(() => this.#fit()).observe(this.element);
  }

  /** Shows `crumbs` (`[{id, name}]`, root first, open folder last) of `source`. */
  set(source, crumbs) {
    this.list.replaceChildren(
      ...crumbs.map((crumb, index) => {
        const last = index === crumbs.length - 1;
        const content = last
          ? el('span', { class: 'breadcrumb-item', 'data-testid': 'breadcrumb-item', 'aria-current': 'page', text: crumb.name })
          : el('a', { class: 'breadcrumb-item', 'data-testid': 'breadcrumb-item', href: folderHref(source, crumb.id), text: crumb.name });
        return el('li', { class: last ? null : 'breadcrumb-ancestor' }, content);
      }),
    );
    this.#fit();
  }

  /** Hides ancestors from the root on, behind a "…" link, until the rest is shown readably. */
  #fit() {
    this.list.querySelector('.breadcrumb-more')?.remove();
    const ancestors = [...this.list.querySelectorAll('.breadcrumb-ancestor')];
    for (const ancestor of ancestors) ancestor.hidden = false;
    let hidden = 0;
    while (hidden < ancestors.length && !this.#fits(ancestors.slice(hidden))) {
      ancestors[hidden].hidden = true;
      hidden += 1;
    }
    if (hidden === 0) return;
    const names = ancestors.slice(0, hidden).map((ancestor) => ancestor.textContent);
    const more = el('a', {
      class: 'breadcrumb-item', href: ancestors[hidden - 1].firstChild.getAttribute('href'), text: '…', title: names.join(' › '), 'aria-label': names.join(', then '),
    });
    ancestors[0].before(el('li', { class: 'breadcrumb-more' }, more));
  }

  /** Whether the list fits with `shown` ancestors: none cut to less than a few letters, the open folder whole. */
  #fits(shown) {
    if (this.list.scrollWidth > this.list.clientWidth + 1) return false;
    return shown.every((ancestor) => {
      const item = ancestor.firstChild;
      return item.scrollWidth <= item.clientWidth + 1 || item.clientWidth >= NARROWEST_ANCESTOR;
    });
  }
}
