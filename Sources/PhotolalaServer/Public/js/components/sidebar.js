/**
 * The source list: one entry per local folder given to `photolala serve`, then Apple Photos and
 * the cloud backup. Entries are plain links to the source's root, so middle-click opens a tab;
 * sources that are not set up say so right in the list. At the bottom, the Cloud Backup settings.
 */

import { el } from '../dom.js';
import { icons } from '../icons.js';
import { folderHref } from '../router.js';

const SECTIONS = [
  { title: 'Folders', kinds: ['local'], icon: icons.disk },
  { title: 'Apple Photos', kinds: ['applePhotos'], icon: icons.photos },
  { title: 'Cloud', kinds: ['cloud'], icon: icons.cloud },
];

export class Sidebar {
  #links = new Map(); // source id → link

  /** - onCloudSettings(): open the Cloud Backup settings panel. */
  constructor({ onCloudSettings }) {
    this.list = el('nav', { class: 'sidebar-sources', 'aria-label': 'Sources' });
    this.element = el(
      'div',
      { class: 'sidebar', 'data-testid': 'sidebar' },
      el('div', { class: 'sidebar-brand' }, el('span', { class: 'sidebar-logo', 'aria-hidden': 'true' }), 'Photolala'),
      this.list,
      el('button', {
        class: 'sidebar-action',
        type: 'button',
        'data-testid': 'cloud-settings-open',
        html: icons.cloud,
        onclick: onCloudSettings,
      }, el('span', { text: 'Cloud Backup…' })),
    );
  }

  /** Lists `sources` (from `GET /api/sources`), grouped by kind. */
  setSources(sources) {
    this.#links.clear();
    const sections = SECTIONS.map(({ title, kinds, icon }) => {
      const members = sources.filter((source) => kinds.includes(source.kind));
      if (members.length === 0) return null;
      return el('section', { class: 'sidebar-section' }, el('h2', { class: 'sidebar-heading', text: title }), ...members.map((source) => this.#entry(source, icon)));
    });
    const others = sources.filter((source) => !SECTIONS.some(({ kinds }) => kinds.includes(source.kind)));
    if (others.length > 0) sections.push(el('section', { class: 'sidebar-section' }, el('h2', { class: 'sidebar-heading', text: 'Other' }), ...others.map((source) => this.#entry(source, icons.folder))));
    this.list.replaceChildren(...sections.filter(Boolean));
  }

  /** Highlights the open source. */
  setCurrent(sourceId) {
    for (const [id, link] of this.#links) {
      if (id === sourceId) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    }
  }

  #entry(source, icon) {
    const link = el(
      'a',
      {
        class: 'source-item',
        href: folderHref(source.id, source.configured ? source.rootFolder ?? '~' : null),
        'data-testid': 'source-item',
        'data-source': source.id,
        'data-configured': String(source.configured),
        title: source.configured ? source.name : `${source.name}: not configured`,
      },
      el('span', { class: 'source-icon', html: icon }),
      el('span', { class: 'source-name', text: source.name }),
      source.configured ? null : el('span', { class: 'source-badge', text: 'Not configured' }),
    );
    this.#links.set(source.id, link);
    return link;
  }
}
