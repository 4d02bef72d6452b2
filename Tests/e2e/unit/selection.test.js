import { Selection } from '../js/selection.js';
import { equal, test } from './harness.js';
import { dailyPhotos, photoList } from './photos.js';

const sorted = (selection) => selection.ids().map(Number).sort((a, b) => a - b);

test('a click selects one photo, the focus and the anchor', () => {
  const selection = new Selection();
  selection.selectOnly('3');
  selection.selectOnly('5');
  equal([sorted(selection), selection.focus, selection.anchor], [[5], '5', '5']);
});

test('shift extends from the anchor, in list order, either way', () => {
  const list = dailyPhotos(10);
  const selection = new Selection();
  selection.selectOnly('4');
  selection.extendTo('7', list);
  equal(sorted(selection), [4, 5, 6, 7]);
  selection.extendTo('2', list);
  equal([sorted(selection), selection.anchor, selection.focus], [[2, 3, 4], '4', '2']);
});

test('shift follows the display order, not the ids', () => {
  const list = photoList([['a', '2024-06-03T12:00:00Z'], ['b', '2024-06-01T12:00:00Z'], ['c', '2024-06-02T12:00:00Z']]); // 2, 3, 1
  const selection = new Selection();
  selection.selectOnly('2');
  selection.extendTo('1', list);
  equal(sorted(selection), [1, 2, 3]);
});

test('cmd-click toggles one photo and moves the anchor; cmd-shift adds a range', () => {
  const list = dailyPhotos(10);
  const selection = new Selection();
  selection.selectOnly('1');
  selection.toggle('5');
  equal([sorted(selection), selection.anchor], [[1, 5], '5']);
  selection.extendTo('7', list, { additive: true });
  equal(sorted(selection), [1, 5, 6, 7]);
  selection.toggle('6');
  equal(sorted(selection), [1, 5, 7]);
});

test('select all, and retain drops photos the list no longer shows', () => {
  const list = dailyPhotos(4);
  const selection = new Selection();
  selection.selectAll(list);
  equal([sorted(selection), selection.focus], [[1, 2, 3, 4], '1']);
  list.remove(['1', '3']);
  selection.retain(list);
  equal([sorted(selection), selection.focus, selection.anchor], [[2, 4], null, null]);
});

test('listeners hear every change, and a retain that drops nothing is none', () => {
  const list = dailyPhotos(3);
  const selection = new Selection();
  let heard = 0;
  selection.onChange(() => (heard += 1));
  selection.selectOnly('1');
  selection.retain(list);
  selection.clear();
  selection.clear();
  equal(heard, 2);
});
