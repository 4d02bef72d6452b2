/**
 * What the page says instead of photos: the grid's own message, derived from the store on every
 * change (app-state.js says which), and the full-pane message that takes the folder view's place
 * (an unconfigured source, no server).
 */

import { gridMessage } from '../app-state.js';

export class MessagesController {
  #app;
  #panel;
  #toolbar;
  /** The grid's message as last drawn: most changes (a listing's progress) leave it as it is. */
  #gridText;

  /**
   * - store: the page's store; grid: the PhotoGrid whose message follows it.
   * - app: the page's root element; panel: the MessagePanel; toolbar: whose controls a message disables.
   */
  constructor({ store, grid, app, panel, toolbar }) {
    this.#app = app;
    this.#panel = panel;
    this.#toolbar = toolbar;
    store.subscribe((state) => {
      // A folder of folders alone (a year of months, a tree's top): its tiles take the room.
      app.classList.toggle('has-only-folders', state.progress.complete && state.list.totalLength === 0 && (state.info?.folders.length ?? 0) > 0);
      const text = gridMessage(state);
      if (text === this.#gridText) return;
      this.#gridText = text;
      grid.setMessage(text);
    });
  }

  /** Shows `message` (`{title, text, icon?, retry?}`) in place of the folder view. */
  show(message) {
    this.#toolbar.setControlsEnabled(false);
    this.#app.classList.add('shows-message');
    this.#panel.show(message);
  }

  hide() {
    this.#app.classList.remove('shows-message');
    this.#panel.hide();
    this.#toolbar.setControlsEnabled(true);
  }
}
