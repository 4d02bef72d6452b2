/**
 * The path from the source's root to the open folder. Every ancestor is a link, so going back up
 * is one click (or a middle-click for a new tab); the open folder is the last, unlinked entry.
 */

import { el } from '../dom.js';
import { folderHref } from '../router.js';

export class Breadcrumb {
  constructor() {
    this.list = el('ol', { class: 'breadcrumb-list' });
    this.element = el('nav', { class: 'breadcrumb', 'data-testid': 'breadcrumb', 'aria-label': 'Folder path' }, this.list);
  }

  /** Shows `crumbs` (`[{id, name}]`, root first, open folder last) of `source`. */
  set(source, crumbs) {
    this.list.replaceChildren(
      ...crumbs.map((crumb, index) => {
        const last = index === crumbs.length - 1;
        const content = last
          ? el('span', { class: 'breadcrumb-item', 'data-testid': 'breadcrumb-item', 'aria-current': 'page', text: crumb.name })
          : el('a', { class: 'breadcrumb-item', 'data-testid': 'breadcrumb-item', href: folderHref(source, crumb.id), text: crumb.name });
        return el('li', {}, content);
      }),
    );
  }
}
