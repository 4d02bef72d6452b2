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
  /**
   * - several: whether it edits a selection of photos (no title, description or keyword list).
   * - description: the photo's `{rating, colorLabel, title, description, keywords}`.
   * - onEdit(edit): a change was made.
   */
  constructor({ several, description = {}, onEdit }) {
    this.element = el(
      'div',
      { class: 'description-editor', 'data-testid': 'description-editor' },
      ratingField(several ? 0 : description.rating ?? 0, onEdit),
      labelField(several ? null : description.colorLabel ?? null, onEdit),
      ...(several
        ? []
        : [
            textField('Title', 'title', description.title, false, onEdit),
            textField('Description', 'description', description.description, true, onEdit),
          ]),
      keywordField(several ? [] : description.keywords ?? [], several, onEdit),
    );
  }
}

function row(label, control) {
  return el('div', { class: 'description-row' }, el('span', { class: 'description-label', text: label }), control);
}

function ratingField(rating, onEdit) {
  const stars = [1, 2, 3, 4, 5].map((value) =>
    el('button', {
      class: 'rating-star', type: 'button', text: value <= rating ? '★' : '☆', 'data-testid': 'rating-star', 'aria-label': value === 1 ? '1 star' : `${value} stars`,
      'aria-pressed': String(value === rating), onclick: () => onEdit({ rating: value === rating ? 0 : value }),
    }),
  );
  return row('Rating', el('div', { class: 'rating-edit', role: 'group', 'aria-label': 'Rating', 'data-testid': 'inspector-rating-edit', 'data-rating': String(rating) }, ...stars));
}

function labelField(current, onEdit) {
  const names = current && !LABELS.includes(current) ? [...LABELS, current] : LABELS;
  const select = el(
    'select',
    { class: 'label-edit', 'data-testid': 'inspector-label-edit', 'aria-label': 'Colour label' },
    el('option', { value: '', text: 'None' }),
    ...names.map((name) => el('option', { value: name, text: name })),
  );
  select.value = current ?? '';
  select.addEventListener('change', () => onEdit({ colorLabel: select.value }));
  return row('Label', select);
}

function textField(label, key, value, multiline, onEdit) {
  const field = el(multiline ? 'textarea' : 'input', {
    class: 'text-edit', 'data-testid': `inspector-${key}-edit`, 'aria-label': label, placeholder: `Add a ${label.toLowerCase()}`, rows: multiline ? '3' : undefined,
  });
  field.value = value ?? '';
  const save = () => {
    if (field.value.trim() !== (value ?? '').trim()) onEdit({ [key]: field.value.trim() });
  };
  field.addEventListener('change', save);
  field.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !(multiline && event.shiftKey)) {
      event.preventDefault();
      field.blur();
    } else if (event.key === 'Escape') {
      field.value = value ?? '';
      field.blur();
    }
  });
  return row(label, field);
}

function keywordField(keywords, several, onEdit) {
  const chips = keywords.map((keyword) =>
    el('li', { class: 'keyword-chip', 'data-testid': 'inspector-keyword' },
      el('span', { text: keyword }),
      el('button', { class: 'keyword-remove', type: 'button', text: '×', 'aria-label': `Remove keyword ${keyword}`, onclick: () => onEdit({ removeKeywords: [keyword] }) }),
    ),
  );
  const input = el('input', { class: 'text-edit', 'data-testid': 'inspector-keyword-add', 'aria-label': 'Add a keyword', placeholder: several ? 'Add a keyword to all' : 'Add a keyword' });
  input.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const keyword = input.value.trim();
    if (keyword) onEdit({ addKeywords: [keyword] });
    input.value = '';
  });
  return row('Keywords', el('div', { class: 'keyword-edit' }, el('ul', { class: 'keyword-list', 'aria-label': 'Keywords' }, ...chips), input));
}
