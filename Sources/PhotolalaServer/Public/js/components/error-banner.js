/**
 * A dismissable error above the grid, for failures that leave the rest of the folder usable
 * (the listing broke off after some photos arrived).
 */

import { el } from '../dom.js';
import { icons } from '../icons.js';

export class ErrorBanner {
  /** - element: the page's banner area, shown only while there is an error. */
  constructor(element) {
    this.element = element;
  }

  show(text) {
    this.element.hidden = false;
    this.element.replaceChildren(
      el('div', { class: 'banner', role: 'alert', 'data-testid': 'error-banner' },
        el('span', { class: 'banner-icon', html: icons.warning }),
        el('span', { class: 'banner-text', text }),
        el('button', { class: 'tool', type: 'button', 'aria-label': 'Dismiss', title: 'Dismiss', html: icons.close, onclick: () => this.hide() }),
      ),
    );
  }

  hide() {
    this.element.hidden = true;
    this.element.replaceChildren();
  }
}
