import { itemsFromRows } from '../js/photo-list.js';
import { equal, test } from './harness.js';
import { names, photoList, seconds } from './photos.js';

const mixed = [
  ['IMG_10.jpg', '2024-06-03T08:00:00Z'],
  ['img_2.jpg', '2024-06-01T08:00:00Z'],
  ['Undated.png', null],
  ['IMG_1.jpg', '2024-06-02T08:00:00Z'],
];

test('names sort without case and with numbers by value', () => {
  equal(names(photoList(mixed, 'name-asc')), ['IMG_1.jpg', 'img_2.jpg', 'IMG_10.jpg', 'Undated.png']);
  equal(names(photoList(mixed, 'name-desc')), ['Undated.png', 'IMG_10.jpg', 'img_2.jpg', 'IMG_1.jpg']);
});

test('dates sort with undated photos last oldest first, first newest first', () => {
  equal(names(photoList(mixed, 'date-asc')), ['img_2.jpg', 'IMG_1.jpg', 'IMG_10.jpg', 'Undated.png']);
  equal(names(photoList(mixed, 'date-desc')), ['Undated.png', 'IMG_10.jpg', 'IMG_1.jpg', 'img_2.jpg']);
});

test('the same date sorts by name; the source order is the order listed', () => {
  const same = [['b.jpg', '2024-06-01T08:00:00Z'], ['a.jpg', '2024-06-01T08:00:00Z']];
  equal(names(photoList(same, 'date-asc')), ['a.jpg', 'b.jpg']);
  equal(names(photoList(mixed, 'source')), mixed.map(([name]) => name));
});

test('setSort re-sorts, and indexOf finds each photo where it now is', () => {
  const list = photoList(mixed, 'date-asc');
  list.setSort('name-asc');
  equal(names(list), ['IMG_1.jpg', 'img_2.jpg', 'IMG_10.jpg', 'Undated.png']);
  equal(['4', '2', '1', '3'].map((id) => list.indexOf(id)), [0, 1, 2, 3]);
});

test('upsert replaces a listed photo where its new date puts it; remove drops ids', () => {
  const list = photoList(mixed, 'date-asc');
  list.upsert(itemsFromRows([[2, 'img_2.jpg', seconds('2024-07-01T00:00:00Z'), 1, 1, 1, 'v2']]));
  equal([names(list), list.length, list.get('2').version], [['IMG_1.jpg', 'IMG_10.jpg', 'img_2.jpg', 'Undated.png'], 4, 'v2']);
  equal(list.remove(['1', 'unknown']), 1);
  equal(names(list), ['IMG_1.jpg', 'img_2.jpg', 'Undated.png']);
});

test('setSourceOrder puts the photos in the order of a new listing, those it leaves out after them as they were', () => {
  const list = photoList(mixed, 'source');
  list.setSourceOrder(['3', '1']);
  equal(names(list), ['Undated.png', 'IMG_10.jpg', 'img_2.jpg', 'IMG_1.jpg']);
  equal(['3', '1', '2', '4'].map((id) => list.indexOf(id)), [0, 1, 2, 3]);
  list.upsert(itemsFromRows([[5, 'new.jpg', null, 1, 1, 1, 'v1']]));
  equal(names(list).at(-1), 'new.jpg'); // listed later: after them
});

test('a filter hides photos from the display but not from get', () => {
  const list = photoList(mixed, 'date-asc');
  list.setFilter((item) => item.name.startsWith('IMG'));
  equal([names(list), list.length, list.totalLength, list.has('2'), list.indexOf('2'), list.get('2')?.name], [['IMG_1.jpg', 'IMG_10.jpg'], 2, 4, false, -1, 'img_2.jpg']);
  list.setFilter(null);
  equal(list.length, 4);
});

test('rows are read by the fields the server names', () => {
  const [item] = itemsFromRows([['x.mov', 7, 'video', 3.5]], ['name', 'id', 'kind', 'duration']);
  equal([item.id, item.name, item.kind, item.duration, item.date, item.day], ['7', 'x.mov', 'video', 3.5, null, 0]);
});

test('a photo groups by the day its camera showed, with the offset it recorded', () => {
  const [item] = itemsFromRows([[1, 'tokyo.jpg', seconds('2024-06-01T20:00:00Z'), null, null, null, null, 'exif', 9 * 3600]], 'id name date size width height version dateSource offset'.split(' '));
  equal([item.day, item.offset], [20240602, 9 * 3600]);
});
