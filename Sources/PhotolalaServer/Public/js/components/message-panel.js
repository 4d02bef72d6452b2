/**
 * A message in place of the folder view: a source that is not configured (with the server's
 * instructions), an unknown source, or a server that cannot be reached.
 */

import { el } from '../dom.js';
import { icons } from '../icons.js';

export class MessagePanel {
  /** - element: the page's message area, shown only while there is a message. */
  constructor(element) {
    this.element = element;
  }

  /** Shows `title` and `text`; `retry` adds a button that reloads the page. */
  show({ title, text, icon = icons.warning, retry = false }) {
    this.element.hidden = false;
    this.element.replaceChildren(
      el('div', { class: 'message-card', 'data-testid': 'source-message', role: 'status' },
        el('span', { class: 'message-icon', html: icon }),
        el('h1', { class: 'message-title', text: title }),
        el('p', { class: 'message-text', text }),
        retry ? el('button', { class: 'button', type: 'button', text: 'Try again', onclick: () => location.reload() }) : null,
      ),
    );
  }

  hide() {
    this.element.hidden = true;
    this.element.replaceChildren();
  }
}
