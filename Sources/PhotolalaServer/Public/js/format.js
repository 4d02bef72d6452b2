/**
 * How values read in the UI: counts, sizes, dates, exposure, GPS. A photo's date shows as the
 * clock time its camera showed: with the offset it recorded, or as a floating time (stored as if
 * UTC) the same in every browser time zone; only file times are instants shown in the browser's
 * zone. Formatters are built once, on first use, not per call: building them all cost a page's
 * start some 30 ms, most of them not needed for its first screen.
 */

/** `make()`'s formatter, built the first time something is formatted. */
function formatter(make) {
  let built = null;
  return { format: (value) => (built ??= make()).format(value) };
}

const integer = formatter(() => new Intl.NumberFormat());
const dateTime = formatter(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }));
const dateTimeUTC = formatter(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' }));
const shortDate = formatter(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }));
const timeOfDay = formatter(() => new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' }));
const shortDateUTC = formatter(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }));
const dayTitle = formatter(() => new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }));
const monthTitle = formatter(() => new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' }));
const monthShort = formatter(() => new Intl.DateTimeFormat(undefined, { month: 'short' }));

/** A video's length as a clock: `0:03`, `12:45`, `1:02:03`. */
export function formatDuration(seconds) {
  const total = Math.max(0, Math.round(seconds));
  const [hours, minutes, rest] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const two = (value) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(rest)}` : `${minutes}:${two(rest)}`;
}

/** "1,234". */
export function formatInteger(value) {
  return integer.format(value);
}

/** "1 photo", "1,234 photos". */
export function formatPhotoCount(count) {
  return `${integer.format(count)} ${count === 1 ? 'photo' : 'photos'}`;
}

/** Decimal units, as photo apps and file managers show them: "3.5 MB". */
export function formatBytes(bytes) {
  if (bytes == null) return null;
  if (bytes < 1000) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** "14 Jul 2023, 10:22:33" in the browser's time zone: for instants, such as file times. */
export function formatDateTime(seconds) {
  return seconds == null ? null : dateTime.format(seconds * 1000);
}

/**
 * A photo's date as its clock showed it: "22 Oct 2008, 16:28:39 (UTC+09:00)" with a recorded
 * offset, "22 Oct 2008, 16:28:39" for a floating camera time, the browser's time for a file time.
 */
export function formatPhotoDate(seconds, offsetSeconds = null, source = null) {
  const clock = clockSeconds(seconds, offsetSeconds, source);
  if (clock == null) return null;
  const text = dateTimeUTC.format(clock * 1000);
  return offsetSeconds == null ? text : `${text} (UTC${formatOffset(offsetSeconds)})`;
}

/** "+09:00", "−05:30". */
export function formatOffset(offsetSeconds) {
  const sign = offsetSeconds < 0 ? '−' : '+';
  const minutes = Math.round(Math.abs(offsetSeconds) / 60);
  return `${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * A photo's clock time as seconds read in UTC: the UTC time plus its recorded offset, the
 * floating time as stored, or a file time moved into the browser's zone; null when undated
 * (no date, or 0: no photo was taken at the Unix epoch, and sources write 0 for "unknown").
 */
export function clockSeconds(seconds, offsetSeconds = null, source = null) {
  if (seconds == null || seconds === 0) return null;
  if (offsetSeconds != null) return seconds + offsetSeconds;
  if (source === 'file') return seconds - browserOffsetMinutes(seconds) * 60;
  return seconds;
}

/** "just now", "5 min ago", "3 h ago", else the date: how long ago an ISO 8601 time was. */
export function formatSince(iso, now = Date.now()) {
  if (!iso) return null;
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return null;
  const seconds = Math.max(0, (now - time) / 1000);
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)} h ago`;
  return `on ${shortDate.format(time)}`;
}

/** "14 Jul 2023, 10:22:33" for an ISO 8601 time, as the server sends dates. */
export function formatISODateTime(iso) {
  const time = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(time) ? null : dateTime.format(time);
}

/** "14 Jul 2023" for an ISO 8601 time, in the browser's time zone. */
export function formatISODate(iso) {
  const time = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(time) ? null : shortDate.format(time);
}

/** "10:22:33" for an ISO 8601 time, in the browser's time zone: for an event of today. */
export function formatISOTime(iso) {
  const time = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(time) ? null : timeOfDay.format(time);
}

/**
 * An inspector line from the server: its text, with the date it names (if any) written as the
 * page writes every date, "Backed up on 14 Jul 2023, Deep Archive", not in the server's words.
 */
export function formatDetail(detail) {
  if (!detail.template || !detail.date) return detail.value;
  const date = detail.dateStyle === 'day' ? formatISODate(detail.date) : formatISODateTime(detail.date);
  return date ? detail.template.replace('{date}', date) : detail.value;
}

/** "$1.25"; "$0.0005" below a cent; "under $0.0001" for the price of a few small photos. */
export function formatDollars(value) {
  if (value > 0 && value < 0.0001) return 'under $0.0001';
  return `$${value < 0.01 ? value.toFixed(4) : value.toFixed(2)}`;
}

/** "14 Jul 2023" for clock seconds (see `clockSeconds`). */
export function formatClockDate(clock) {
  return clock == null ? null : shortDateUTC.format(clock * 1000);
}

/** "4000 × 3000 (12 MP)". */
export function formatDimensions(width, height) {
  if (!width || !height) return null;
  const megapixels = (width * height) / 1e6;
  const mp = megapixels >= 1 ? ` (${megapixels >= 10 ? Math.round(megapixels) : megapixels.toFixed(1)} MP)` : '';
  return `${width} × ${height}${mp}`;
}

/** Shutter speed as photographers write it: "1/250 s", "2 s". */
export function formatExposure(seconds) {
  if (!seconds) return null;
  if (seconds >= 1) return `${trim(seconds, 1)} s`;
  return `1/${Math.round(1 / seconds)} s`;
}

/** "f/8", "f/5.6". */
export function formatAperture(fNumber) {
  return fNumber ? `f/${trim(fNumber, 1)}` : null;
}

/** "50 mm". */
export function formatFocalLength(millimetres) {
  return millimetres ? `${trim(millimetres, 1)} mm` : null;
}

/** "ISO 200". */
export function formatISO(iso) {
  return iso ? `ISO ${iso}` : null;
}

/** "35.65858° N, 139.74543° E". */
export function formatCoordinates(latitude, longitude) {
  if (latitude == null || longitude == null) return null;
  const part = (value, positive, negative) => `${Math.abs(value).toFixed(5)}° ${value < 0 ? negative : positive}`;
  return `${part(latitude, 'N', 'S')}, ${part(longitude, 'E', 'W')}`;
}

/** "40.5 m", "12 m below sea level". */
export function formatAltitude(metres) {
  if (metres == null) return null;
  return metres < 0 ? `${trim(-metres, 1)} m below sea level` : `${trim(metres, 1)} m`;
}

/** "Canon EOS R5" for make "Canon" and model "Canon EOS R5": the make only when the model lacks it. */
export function formatCamera(make, model) {
  if (!make) return model || null;
  if (!model) return make;
  const brand = make.split(' ')[0].toLowerCase();
  return model.toLowerCase().startsWith(brand) ? model : `${make} ${model}`;
}

/**
 * The browser's offset from UTC in minutes (as `getTimezoneOffset` gives it) through each UTC
 * day, or null for a day on which it changes: 100,000 photos span a few thousand days, and
 * building a Date for each photo costs more than the rest of reading the listing.
 */
const offsetByUTCDay = new Map();
const keyByClockDay = new Map();

function browserOffsetMinutes(seconds) {
  const utcDay = Math.floor(seconds / 86400);
  let offset = offsetByUTCDay.get(utcDay);
  if (offset === undefined) {
    const start = new Date(utcDay * 86400000).getTimezoneOffset();
    const end = new Date((utcDay + 1) * 86400000 - 1).getTimezoneOffset();
    offset = start === end ? start : null;
    offsetByUTCDay.set(utcDay, offset);
  }
  return offset ?? new Date(seconds * 1000).getTimezoneOffset();
}

/** The undated group's key: before every day. */
export const UNDATED = 0;

/** A photo's calendar day on its own clock as a sortable number (20240601); `UNDATED` for null. */
export function dayKey(clock) {
  if (clock == null) return UNDATED;
  const clockDay = Math.floor(clock / 86400);
  let key = keyByClockDay.get(clockDay);
  if (key === undefined) {
    const date = new Date(clockDay * 86400000);
    key = date.getUTCFullYear() * 10000 + (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
    keyByClockDay.set(clockDay, key);
  }
  return key;
}

/** "Saturday, 1 June 2024" for 20240601; "Undated" for `UNDATED`. */
export function formatDayKey(key) {
  return key === UNDATED ? 'Undated' : dayTitle.format(dateOfKey(key));
}

/** "June 2024" for 202406 (a month key is a day key divided by 100); "Undated" for `UNDATED`. */
export function formatMonthKey(key) {
  return key === UNDATED ? 'Undated' : monthTitle.format(dateOfKey(key * 100 + 1));
}

/** "Jun" for 202406. */
export function formatMonthShort(key) {
  return monthShort.format(dateOfKey(key * 100 + 1));
}

function dateOfKey(key) {
  return new Date(Math.floor(key / 10000), (Math.floor(key / 100) % 100) - 1, key % 100);
}

function trim(value, digits) {
  return String(Number(value.toFixed(digits)));
}

/** A place as it reads: "Rome, Latium, Italy"; null for none. */
export function formatPlace(place) {
  if (!place) return null;
  return [place.city, place.region, place.country].filter((part, index, parts) => part && parts.indexOf(part) === index).join(', ') || null;
}

/** Stars out of five: "★★★★☆"; null for no rating, and for 0 (unrated, as Lightroom writes it). */
export function formatRating(rating) {
  if (rating == null || rating <= 0) return null;
  const stars = Math.min(5, Math.round(rating));
  return '★'.repeat(stars) + '☆'.repeat(5 - stars);
}
