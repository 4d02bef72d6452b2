import { computeLayout, monthMarkers } from '../js/grid-layout.js';
import { equal, test } from './harness.js';
import { dailyPhotos, photoList } from './photos.js';

const rows = (layout) => Array.from({ length: layout.rowCount }, (_, row) => [layout.isHeader(row) ? 'header' : 'photos', layout.rowStart[row], layout.rowLength[row], layout.rowTop[row]]);

test('photos fill as many columns as the width holds, centred, in rows', () => {
  // (1000 − 2 × 12 + 4) / 104 = 9 columns of 100 px with 4 px gaps; 936 − 4 px wide, 34 px in.
  const layout = computeLayout(dailyPhotos(20), { width: 1000, cellSize: 100, gap: 4, groupBy: 'none' });
  equal([layout.columns, layout.left, layout.cellX(2)], [9, 34, 242]);
  equal(rows(layout), [['photos', 0, 9, 12], ['photos', 9, 9, 116], ['photos', 18, 2, 220]]);
  equal(layout.totalHeight, 12 + 3 * 104 - 4 + 12);
  // Ten cells, nine gaps and the padding on both sides: exactly 1060 px.
  equal([1059, 1060].map((width) => computeLayout(dailyPhotos(20), { width, cellSize: 100, gap: 4, groupBy: 'none' }).columns), [9, 10]);
});

test('a narrow width keeps one column, and an empty list has no rows', () => {
  equal(computeLayout(dailyPhotos(2), { width: 50, cellSize: 100, gap: 4, groupBy: 'none' }).columns, 1);
  const empty = computeLayout(dailyPhotos(0), { width: 1000, cellSize: 100, gap: 4, groupBy: 'day' });
  equal([empty.rowCount, empty.totalHeight], [0, 0]);
});

test('grouping by day puts a header row before each day', () => {
  const list = photoList([['a', '2024-06-01T08:00:00Z'], ['b', '2024-06-01T09:00:00Z'], ['c', '2024-06-01T10:00:00Z'], ['d', '2024-06-02T08:00:00Z']]);
  // Two 100 px columns in 240 px.
  const layout = computeLayout(list, { width: 240, cellSize: 100, gap: 4, groupBy: 'day', caption: 20 });
  equal(rows(layout), [['header', 0, 3, 12], ['photos', 0, 2, 56], ['photos', 2, 1, 180], ['header', 3, 1, 304], ['photos', 3, 1, 348]]);
  equal(layout.groups.map((group) => [group.key, group.row]), [[20240601, 0], [20240602, 3]]);
});

test('grouping by month joins the days of a month', () => {
  const list = photoList([['a', '2024-06-01T08:00:00Z'], ['b', '2024-06-30T08:00:00Z'], ['c', '2024-07-01T08:00:00Z']]);
  const layout = computeLayout(list, { width: 1000, cellSize: 100, gap: 4, groupBy: 'month' });
  equal(layout.groups.map((group) => [group.key, group.start, group.count]), [[202406, 0, 2], [202407, 2, 1]]);
});

test('a list sorted by name is not grouped', () => {
  const layout = computeLayout(dailyPhotos(5, 'name-asc'), { width: 1000, cellSize: 100, gap: 4, groupBy: 'day' });
  equal([layout.grouping, layout.rowCount], ['none', 1]);
});

test('up and down keep the column and skip headers; rows are found by offset', () => {
  const list = photoList([['a', '2024-06-01T08:00:00Z'], ['b', '2024-06-01T09:00:00Z'], ['c', '2024-06-01T10:00:00Z'], ['d', '2024-06-02T08:00:00Z']]);
  const layout = computeLayout(list, { width: 240, cellSize: 100, gap: 4, groupBy: 'day' });
  equal([layout.verticalNeighbour(1, 1), layout.verticalNeighbour(2, 1), layout.verticalNeighbour(3, -1), layout.verticalNeighbour(0, -1)], [2, 3, 2, 0]);
  equal([layout.rowAt(0), layout.rowAt(60), layout.rowAt(10_000), layout.landingRowOfItem(3), layout.firstItemFrom(57)], [0, 1, 4, 3, 2]);
});

test('month markers point at the first photo of each month', () => {
  const list = photoList([['a', '2024-06-01T08:00:00Z'], ['b', '2024-06-30T08:00:00Z'], ['c', '2024-07-01T08:00:00Z'], ['d', null]]);
  const layout = computeLayout(list, { width: 240, cellSize: 100, gap: 4, groupBy: 'none' });
  equal(monthMarkers(list, layout), [{ key: 202406, index: 0, y: 12 }, { key: 202407, index: 2, y: 116 }]);
});
