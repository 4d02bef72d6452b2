/**
 * What people write of a photo, edited in the inspector: five stars (pressing the lit last one
 * takes them away, as in Lightroom), the colour label, the title and description (saved when the
 * field is left or Enter pressed), and the keywords (× takes one away; Enter adds one, levels
 * parted by | as Lightroom writes a hierarchy). For several photos: the stars, the label and a
 * keyword to add to all of them. Each change is handed over as an edit (`{rating: 4}`,
 * `{addKeywords: ['Rome']}`…); the inspector shows what the sidecars say once written.
 */

import { el } from '../dom.js';

/** The colour labels Lightroom, darktable and digiKam share, by the names they write. */
const LABELS = ['Red', 'Yellow', 'Green', 'Blue', 'Purple'];

export class DescriptionEditor {
  #fields;

  /**
   * - several: whether it edits a selection of photos (no title, description or keyword list).
   * - description: the photo's `{rating, colorLabel, title, description, keywords}`.
   * - onEdit(edit): a change was made.
   */
  constructor({ several, description = {}, onEdit }) {
    this.#fields = [
      ratingField(onEdit),
      labelField(onEdit),
      ...(several ? [] : [textField('Title', 'title', false, onEdit), textField('Description', 'description', true, onEdit)]),
      keywordField(several, onEdit),
    ];
    this.element = el('div', { class: 'description-editor', 'data-testid': 'description-editor' }, ...this.#fields.map((field) => field.row));
    this.show(several ? {} : description);
  }

  /**
   * Shows what the sidecars say now, in place: a field being typed in keeps what was typed
   * (an answer to an earlier edit may come while the next is written).
   */
  show(description) {
    for (const field of this.#fields) field.show(description);
  }
}

function row(label, control) {
  return el('div', { class: 'description-row' }, el('span', { class: 'description-label', text: label }), control);
}

function ratingField(onEdit) {
  let rating = 0;
  const stars = [1, 2, 3, 4, 5].map((value) =>
    el('button', {
      class: 'rating-star', type: 'button', 'data-testid': 'rating-star', 'aria-label': value === 1 ? '1 star' : `${value} stars`,
      onclick: () => onEdit({ rating: value === rating ? 0 : value }),
    }),
  );
  const group = el('div', { class: 'rating-edit', role: 'group', 'aria-label': 'Rating', 'data-testid': 'inspector-rating-edit' }, ...stars);
  const show = (description) => {
    rating = description.rating ?? 0;
    group.dataset.rating = String(rating);
    stars.forEach((star, index) => {
      star.textContent = index < rating ? '★' : '☆';
      star.setAttribute('aria-pressed', String(index + 1 === rating));
    });
  };
  return { row: row('Rating', group), show };
}

function labelField(onEdit) {
  const select = el('select', { class: 'label-edit', 'data-testid': 'inspector-label-edit', 'aria-label': 'Colour label' });
  select.addEventListener('change', () => onEdit({ colorLabel: select.value }));
  const show = (description) => {
    const current = description.colorLabel ?? null;
    // A label of the user's own, written by another program, is one to choose too.
    const names = current && !LABELS.includes(current) ? [...LABELS, current] : LABELS;
    if (select.options.length !== names.length + 1 || !names.every((name, index) => select.options[index + 1].value === name)) {
      select.replaceChildren(el('option', { value: '', text: 'None' }), ...names.map((name) => el('option', { value: name, text: name })));
    }
    select.value = current ?? '';
  };
  return { row: row('Label', select), show };
}

function textField(label, key, multiline, onEdit) {
  let saved = '';
  const field = el(multiline ? 'textarea' : 'input', {
    class: 'text-edit', 'data-testid': `inspector-${key}-edit`, 'aria-label': label, placeholder: `Add a ${label.toLowerCase()}`, rows: multiline ? '3' : undefined,
  });
  const save = () => {
    if (field.value.trim() !== saved.trim()) onEdit({ [key]: field.value.trim() });
  };
  field.addEventListener('change', save);
  field.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !(multiline && event.shiftKey)) {
      event.preventDefault();
      field.blur();
    } else if (event.key === 'Escape') {
      field.value = saved;
      field.blur();
    }
  });
  const show = (description) => {
    const typing = field.value.trim() !== saved.trim();
    saved = description[key] ?? '';
    if (!typing) field.value = saved;
  };
  return { row: row(label, field), show };
}

function keywordField(several, onEdit) {
  const list = el('ul', { class: 'keyword-list', 'aria-label': 'Keywords' });
  const input = el('input', { class: 'text-edit', 'data-testid': 'inspector-keyword-add', 'aria-label': 'Add a keyword', placeholder: several ? 'Add a keyword to all' : 'Add a keyword' });
  input.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const keyword = input.value.trim();
    if (keyword) onEdit({ addKeywords: [keyword] });
    input.value = '';
  });
  const show = (description) => {
    list.replaceChildren(
      ...(description.keywords ?? []).map((keyword) =>
        el('li', { class: 'keyword-chip', 'data-testid': 'inspector-keyword' },
          el('span', { text: keyword }),
          el('button', { class: 'keyword-remove', type: 'button', text: '×', 'aria-label': `Remove keyword ${keyword}`, onclick: () => onEdit({ removeKeywords: [keyword] }) }),
        ),
      ),
    );
  };
  return { row: row('Keywords', el('div', { class: 'keyword-edit' }, list, input)), show };
}
