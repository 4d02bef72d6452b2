/**
 * A box drawn on the map as the query's `area:SOUTH,WEST,NORTH,EAST` term, and back: the box
 * edits the query, as a facet chip does, so the query in the search box stays the truth. Pure
 * functions, tested without a map.
 */

import { queryTerms } from './components/facet-bar.js';

/** Decimals a drawn box is written with: 5 is about a metre, finer than a drag can aim. */
const DECIMALS = 5;

const AREA = /^area:/i;

/** A longitude brought into -180…180: a map panned across the antimeridian shows longitudes beyond. */
export function wrapLongitude(longitude) {
  if (longitude >= -180 && longitude <= 180) return longitude;
  return ((((longitude + 180) % 360) + 360) % 360) - 180;
}

function decimal(value) {
  const text = value.toFixed(DECIMALS).replace(/\.?0+$/, '');
  return text === '-0' ? '0' : text;
}

/**
 * The `area:` term of a box drawn from `south`, `west` to `north`, `east` (degrees, as the map
 * gives them: a west past the antimeridian's copy of the world is brought back, and a box as wide
 * as the world is the whole world).
 */
export function areaTerm({ south, west, north, east }) {
  const clamp = (latitude) => Math.min(90, Math.max(-90, latitude));
  let [from, to] = [west, east];
  if (to - from >= 360) [from, to] = [-180, 180];
  else [from, to] = [wrapLongitude(from), wrapLongitude(to)];
  const [low, high] = [clamp(Math.min(south, north)), clamp(Math.max(south, north))];
  return `area:${[low, from, high, to].map(decimal).join(',')}`;
}

/** The query with its `area:` terms (not its `-area:` ones) replaced by `term`, which goes last. */
export function withArea(query, term) {
  const kept = queryTerms(query).filter((typed) => !AREA.test(typed));
  return [...kept, term].join(' ');
}

/** The query without its `area:` terms: what the map shows once its box is taken away. */
export function withoutArea(query) {
  return queryTerms(query).filter((typed) => !AREA.test(typed)).join(' ');
}

/**
 * The box of the query's last `area:` term as `{south, west, north, east}`, or null when it has
 * none that reads (the server says why a malformed one cannot be read).
 */
export function queryArea(query) {
  const term = queryTerms(query).filter((typed) => AREA.test(typed)).pop();
  if (!term) return null;
  const numbers = term.replace(AREA, '').split(',');
  if (numbers.length !== 4 || !numbers.every((number) => /^[-+]?(\d+\.?\d*|\.\d+)$/.test(number))) return null;
  const [south, west, north, east] = numbers.map(Number);
  if (Math.abs(south) > 90 || Math.abs(north) > 90 || Math.abs(west) > 180 || Math.abs(east) > 180 || south > north) return null;
  return { south, west, north, east };
}
