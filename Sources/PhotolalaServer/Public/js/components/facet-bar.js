/**
 * What the photos a search found have in common, as chips with counts above the grid (years,
 * countries, cities, cameras, people, kinds, keywords), while a search is open. A chip adds its
 * term to the query, or takes it out when the query has it, and opens the query so edited: the
 * query in the box and the address is always what the grid shows.
 */

import { el } from '../dom.js';
import { formatInteger } from '../format.js';

/** The facets shown, in order, with their headings. */
const GROUPS = [
  ['years', 'Year'],
  ['countries', 'Country'],
  ['cities', 'City'],
  ['cameras', 'Camera'],
  ['people', 'People'],
  ['kinds', 'Kind'],
  ['keywords', 'Keyword'],
];

/** A query's terms as typed: words, "quoted phrases" and field:"quoted values", each with its `-`. */
export function queryTerms(query) {
  return query.match(/-?[^\s"]*"[^"]*"?|\S+/g) ?? [];
}

/** The query with `term` added, or taken out when it is there (in any case). */
export function toggleTerm(query, term) {
  const terms = queryTerms(query);
  const kept = terms.filter((typed) => typed.toLowerCase() !== term.toLowerCase());
  return (kept.length === terms.length ? [...terms, term] : kept).join(' ');
}

export class FacetBar {
  #api;
  #onQuery;
  #query = null;
  #request = null;

  /**
   * - api: the server's API (api.js).
   * - onQuery(query): a chip edited the query; open it.
   */
  constructor({ api, onQuery }) {
    this.#api = api;
    this.#onQuery = onQuery;
    this.element = el('div', { class: 'facet-bar', 'data-testid': 'facets', role: 'toolbar', 'aria-label': 'Refine the search', hidden: true });
  }

  /** Shows the facets of `query`; `null` (no search open) hides the bar. */
  async show(query) {
    this.#request?.abort();
    this.#query = query;
    this.element.hidden = true;
    this.element.replaceChildren();
    if (query == null) return;
    const request = (this.#request = new AbortController());
    let facets;
    try {
      facets = await this.#api.getSearchFacets(query, request.signal);
    } catch (error) {
      // The grid says why the search cannot be read; the bar stays empty.
      if (!this.#api.isAbort(error)) console.warn('The search facets could not be read:', error.message);
      return;
    }
    if (request.signal.aborted) return;
    const typed = new Set(queryTerms(query).map((term) => term.toLowerCase()));
    const groups = GROUPS.map(([key, title]) => {
      const values = facets[key] ?? [];
      if (values.length === 0) return null;
      return el('div', { class: 'facet-group' }, el('span', { class: 'facet-title', text: title }), ...values.map((value) => this.#chip(value, typed.has(value.term.toLowerCase()))));
    }).filter(Boolean);
    this.element.replaceChildren(...groups);
    this.element.hidden = groups.length === 0;
  }

  #chip(value, active) {
    return el(
      'button',
      {
        class: 'facet',
        type: 'button',
        'data-testid': 'facet',
        'data-term': value.term,
        'aria-pressed': String(active),
        title: active ? `Take ${value.term} out of the search` : `Narrow the search: ${value.term}`,
        onclick: () => this.#onQuery(toggleTerm(this.#query, value.term)),
      },
      el('span', { class: 'facet-label', text: value.label }),
      el('span', { class: 'facet-count', text: formatInteger(value.count) }),
    );
  }
}
