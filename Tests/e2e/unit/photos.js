/** Photos for the tests: PhotoLists built from the server's row format, as the page builds them. */

import { itemsFromRows, PhotoList } from '../js/photo-list.js';

/** Unix seconds of `iso` (UTC). */
export const seconds = (iso) => Date.parse(iso) / 1000;

/** A list sorted by `sort` of photos `[name, iso date or null]`, with ids "1", "2"… in that order. */
export function photoList(photos, sort = 'date-asc') {
  const list = new PhotoList(sort);
  list.upsert(itemsFromRows(photos.map(([name, date], index) => [index + 1, name, date == null ? null : seconds(date), 1000, 4, 3, null])));
  return list;
}

/** `count` photos a day apart from 1 June 2024: "IMG_1.jpg"… */
export function dailyPhotos(count, sort = 'date-asc') {
  return photoList(Array.from({ length: count }, (_, index) => [`IMG_${index + 1}.jpg`, new Date(Date.UTC(2024, 5, 1 + index, 12)).toISOString()]), sort);
}

/** The names of `list`'s photos in display order. */
export const names = (list) => list.items.map((item) => item.name);
