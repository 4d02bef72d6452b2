/**
 * Where every row of the virtual grid sits. Computed once per change of items, width, cell size
 * or grouping, into typed arrays, so that a scroll frame only does binary searches: the grid stays
 * smooth at 100,000 items. A row is either a group header or up to `columns` photos.
 */

/** Height of a group header row, in CSS pixels. */
const HEADER_HEIGHT = 44;

const MIN_PADDING = 12;
const ITEM_ROW = 0;
const HEADER_ROW = 1;

/** The group key of an item: its day (20240601) or month (202406), or 0 when not grouping. */
function groupKey(item, groupBy) {
  if (groupBy === 'day') return item.day;
  if (groupBy === 'month') return Math.floor(item.day / 100);
  return 0;
}

/**
 * Lays out `list` for a viewport `width` wide. Grouping only applies to date order: by name, a
 * day's photos are scattered and every few photos would get a header. `caption` is the height of
 * the file name line under each row of cells (0 without names).
 */
export function computeLayout(list, { width, cellSize, gap, groupBy, caption = 0 }) {
  const grouping = list.isByDate && groupBy !== 'none' ? groupBy : 'none';
  const pitch = cellSize + gap;
  const rowPitch = pitch + caption;
  const columns = Math.max(1, Math.floor((width - 2 * MIN_PADDING + gap) / pitch));
  const left = Math.max(0, Math.floor((width - (columns * pitch - gap)) / 2));

  const groups = findGroups(list, grouping);
  let rowCount = 0;
  for (const group of groups) rowCount += Math.ceil(group.count / columns) + (grouping === 'none' ? 0 : 1);

  const rowTop = new Float64Array(rowCount);
  const rowStart = new Int32Array(rowCount);
  const rowLength = new Int32Array(rowCount);
  const rowKind = new Uint8Array(rowCount);
  let row = 0;
  let y = MIN_PADDING;
  for (const group of groups) {
    if (grouping !== 'none') {
      group.row = row;
      rowTop[row] = y;
      rowStart[row] = group.start;
      rowLength[row] = group.count;
      rowKind[row++] = HEADER_ROW;
      y += HEADER_HEIGHT;
    }
    for (let start = group.start, end = group.start + group.count; start < end; start += columns) {
      rowTop[row] = y;
      rowStart[row] = start;
      rowLength[row] = Math.min(columns, end - start);
      rowKind[row++] = ITEM_ROW;
      y += rowPitch;
    }
  }
  const totalHeight = rowCount === 0 ? 0 : y - gap + MIN_PADDING;
  return new GridLayout({ columns, cellSize, gap, left, grouping, groups, rowTop, rowStart, rowLength, rowKind, totalHeight });
}

/** Consecutive runs of items with the same group key: `[{key, start, count}]`. */
function findGroups(list, grouping) {
  if (list.length === 0) return [];
  if (grouping === 'none') return [{ key: 0, start: 0, count: list.length }];
  const groups = [];
  const items = list.items;
  let current = null;
  for (let index = 0; index < items.length; index++) {
    const key = groupKey(items[index], grouping);
    if (current?.key === key) current.count += 1;
    else groups.push((current = { key, start: index, count: 1 }));
  }
  return groups;
}

/** The result of `computeLayout`, with the look-ups a scroll frame needs. */
class GridLayout {
  constructor(fields) {
    Object.assign(this, fields);
    this.rowCount = this.rowTop.length;
    this.pitch = this.cellSize + this.gap;
  }

  isHeader(row) {
    return this.rowKind[row] === HEADER_ROW;
  }

  rowHeight(row) {
    return this.isHeader(row) ? HEADER_HEIGHT : this.cellSize;
  }

  /** The row at vertical offset `y` (the last row starting at or above it), clamped to the grid. */
  rowAt(y) {
    return lastAtMost(this.rowTop, y, this.rowCount);
  }

  /** The item row holding item `index`. Headers share their first row's start, and come first. */
  rowOfItem(index) {
    return lastAtMost(this.rowStart, index, this.rowCount);
  }

  /** The group header row that opens with item `index`, or the item's own row. */
  landingRowOfItem(index) {
    const row = this.rowOfItem(index);
    return row > 0 && this.isHeader(row - 1) && this.rowStart[row - 1] === index ? row - 1 : row;
  }

  /** The horizontal offset of a cell in column `column`. */
  cellX(column) {
    return this.left + column * this.pitch;
  }

  /** The item in the same column one row up (-1) or down (+1), skipping headers; itself at an end. */
  verticalNeighbour(index, direction) {
    const row = this.rowOfItem(index);
    const column = index - this.rowStart[row];
    let next = row + direction;
    while (next >= 0 && next < this.rowCount && this.isHeader(next)) next += direction;
    if (next < 0 || next >= this.rowCount) return index;
    return this.rowStart[next] + Math.min(column, this.rowLength[next] - 1);
  }

  /** A page up or down: `rows` rows away, or the first or last of `count` items near an end. */
  pageFrom(index, direction, rows, count) {
    for (let step = 0; step < rows; step++) {
      const next = this.verticalNeighbour(index, direction);
      if (next === index) return direction < 0 ? 0 : count - 1;
      index = next;
    }
    return index;
  }

  /** The first item in the first photo row that starts at or below `y`. */
  firstItemFrom(y) {
    let row = this.rowAt(y);
    if (this.rowTop[row] < y && row < this.rowCount - 1) row += 1;
    while (row < this.rowCount - 1 && this.isHeader(row)) row += 1;
    return this.rowStart[row];
  }
}

/** Binary search: the last position whose value is ≤ `target` (0 when none is). */
function lastAtMost(values, target, count) {
  let low = 0;
  let high = count - 1;
  let found = 0;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (values[middle] <= target) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/**
 * The first photo of every month, in list order, with the offset the grid scrolls to for it:
 * `[{key: 202406, index, y}]`, undated photos left out. Only meaningful when the list is sorted by date.
 */
export function monthMarkers(list, layout) {
  const markers = [];
  const items = list.items;
  let previous = -1;
  for (let index = 0; index < items.length; index++) {
    const key = Math.floor(items[index].day / 100);
    if (key === previous || key === 0) continue; // undated photos have no month to scrub to
    previous = key;
    markers.push({ key, index, y: layout.rowTop[layout.landingRowOfItem(index)] });
  }
  return markers;
}
