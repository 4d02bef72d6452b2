import {
  clockSeconds, dayKey, formatBytes, formatCamera, formatCoordinates, formatDayKey, formatDimensions, formatDuration, formatExposure, formatInteger, formatISODateTime,
  formatMonthKey, formatOffset, formatPhotoCount, formatPhotoDate, formatPlace, formatRating, formatSince,
} from '../js/format.js';
import { equal, test } from './harness.js';
import { seconds } from './photos.js';

test('sizes in decimal units, one decimal below ten', () => {
  equal([0, 999, 1000, 3_500_000, 12_345_678, 999_999_999, 2.5e12, 3e15].map(formatBytes), ['0 bytes', '999 bytes', '1.0 KB', '3.5 MB', '12 MB', '1000 MB', '2.5 TB', '3000 TB']);
  equal(formatBytes(null), null);
});

test('counts with grouping and the right noun', () => {
  equal([formatInteger(1234567), formatPhotoCount(1), formatPhotoCount(0), formatPhotoCount(1234)], ['1,234,567', '1 photo', '0 photos', '1,234 photos']);
});

test('durations as a clock', () => {
  equal([0, 3.4, 59.6, 765, 3723].map(formatDuration), ['0:00', '0:03', '1:00', '12:45', '1:02:03']);
});

test('a photo date shows its own clock time, with the offset it recorded', () => {
  const taken = seconds('2008-10-22T07:28:39Z');
  equal(formatPhotoDate(taken, 9 * 3600), '22 Oct 2008, 16:28:39 (UTC+09:00)');
  equal(formatPhotoDate(taken), '22 Oct 2008, 07:28:39');
  equal([formatPhotoDate(null), formatPhotoDate(0)], [null, null]);
  equal([formatOffset(-5.5 * 3600), formatOffset(0)], ['−05:30', '+00:00']);
});

test('clock days are calendar days of the camera clock', () => {
  equal([dayKey(clockSeconds(seconds('2024-06-01T23:30:00Z'), 3600)), dayKey(null)], [20240602, 0]);
  equal([formatDayKey(20240601), formatMonthKey(202406), formatDayKey(0)], ['Saturday, 1 June 2024', 'June 2024', 'Undated']);
});

test('how long ago, then the date', () => {
  const now = Date.parse('2024-06-10T12:00:00Z');
  const ago = (minutes) => new Date(now - minutes * 60_000).toISOString();
  equal([ago(0.5), ago(5), ago(180), ago(3 * 24 * 60)].map((iso) => formatSince(iso, now)), ['just now', '5 min ago', '3 h ago', 'on 7 Jun 2024']);
  equal([formatSince(null), formatSince('not a date'), formatISODateTime('2023-07-14T10:22:33Z')], [null, null, '14 Jul 2023, 10:22:33']);
});

test('camera values as photographers write them', () => {
  equal([formatExposure(1 / 250), formatExposure(2), formatDimensions(4000, 3000), formatDimensions(800, 600), formatDimensions(0, 5)], ['1/250 s', '2 s', '4000 × 3000 (12 MP)', '800 × 600', null]);
  equal([formatCamera('Canon', 'Canon EOS R5'), formatCamera('NIKON CORPORATION', 'Z 6'), formatCamera(null, 'X100V')], ['Canon EOS R5', 'NIKON CORPORATION Z 6', 'X100V']);
  equal(formatCoordinates(35.658581, -139.745433), '35.65858° N, 139.74543° W');
});

test('a place reads from the city up, each name once', () => {
  equal(formatPlace({ country: 'Italy', countryCode: 'IT', region: 'Latium', city: 'Rome' }), 'Rome, Latium, Italy');
  equal(formatPlace({ country: 'Australia', countryCode: 'AU', region: 'Adelaide', city: 'Adelaide' }), 'Adelaide, Australia');
  equal(formatPlace({ country: 'France', countryCode: 'FR', region: null, city: null }), 'France');
  equal(formatPlace(null), null);
});

test('a rating is stars out of five; none, or 0 and below (unrated, rejected), show nothing', () => {
  equal(formatRating(4), '★★★★☆');
  equal(formatRating(5), '★★★★★');
  equal(formatRating(0), null);
  equal(formatRating(-1), null);
  equal(formatRating(null), null);
});
