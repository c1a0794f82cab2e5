import { describe, expect, it } from 'vitest';
import { humanText } from '../../src/server/web/human-copy';
import {
  calendarDateIn,
  dateTimeLocalIn,
  instantFromDateTimeLocal,
  parseTimeZone,
  submittedTimeZone,
  timeZoneFromCookieHeader,
  zoneLabel,
} from '../../src/server/web/viewer-time';

describe('viewer-time: editors show and take times in the viewer’s zone, never UTC unannounced', () => {
  it('reads a datetime-local value as wall-clock time in the form’s zone', () => {
    expect(instantFromDateTimeLocal('America/Los_Angeles', '2026-03-01T09:00')).toBe('2026-03-01T09:00:00.000-08:00');
    expect(instantFromDateTimeLocal('Asia/Tokyo', '2026-03-01T09:00')).toBe('2026-03-01T09:00:00.000+09:00');
    expect(instantFromDateTimeLocal('UTC', '2026-03-01T09:00')).toBe('2026-03-01T09:00:00.000Z');
    // Summer time: Los Angeles is UTC−7 in July.
    expect(instantFromDateTimeLocal('America/Los_Angeles', '2026-07-01T09:00')).toBe('2026-07-01T09:00:00.000-07:00');
    // Anything else goes through as typed, for the operation's schema to refuse in words.
    expect(instantFromDateTimeLocal('Asia/Tokyo', 'next tuesday')).toBe('next tuesday');
  });

  it('shows a stored instant as the wall-clock time it was typed as', () => {
    expect(dateTimeLocalIn('America/Los_Angeles', '2026-03-01T17:00:00.000Z')).toBe('2026-03-01T09:00');
    expect(dateTimeLocalIn('Asia/Tokyo', new Date('2026-03-01T00:00:00.000Z'))).toBe('2026-03-01T09:00');
    expect(dateTimeLocalIn('Asia/Tokyo', null)).toBe('');
    for (const zone of ['America/Los_Angeles', 'Asia/Tokyo', 'Europe/Berlin', 'UTC']) {
      expect(dateTimeLocalIn(zone, instantFromDateTimeLocal(zone, '2026-11-01T23:30'))).toBe('2026-11-01T23:30');
    }
  });

  it('knows the viewer’s today, which is not UTC’s on either side of midnight', () => {
    const lateUtc = Date.parse('2026-11-26T23:30:00Z');
    expect(calendarDateIn('UTC', lateUtc)).toBe('2026-11-26');
    expect(calendarDateIn('Asia/Tokyo', lateUtc)).toBe('2026-11-27');
    expect(calendarDateIn('America/Los_Angeles', Date.parse('2026-11-27T03:00:00Z'))).toBe('2026-11-26');
  });

  it('names the zone in labels, and takes zones only Intl knows from cookies and forms', () => {
    expect(zoneLabel('UTC')).toBe('UTC');
    expect(zoneLabel('Asia/Tokyo')).toBe('Tokyo time');
    expect(zoneLabel('America/Los_Angeles')).toBe('Los Angeles time');
    expect(zoneLabel('America/Argentina/Buenos_Aires')).toBe('Argentina/Buenos Aires time');
    expect(timeZoneFromCookieHeader('a=1; tz=America%2FLos_Angeles; b=2')).toBe('America/Los_Angeles');
    expect(timeZoneFromCookieHeader('tz=Not%2FA_Zone')).toBeNull();
    expect(timeZoneFromCookieHeader(null)).toBeNull();
    expect(parseTimeZone('%E0%A4%A')).toBeNull();
    const form = new FormData();
    expect(submittedTimeZone(form)).toBe('UTC');
    form.set('time_zone', 'Asia/Tokyo');
    expect(submittedTimeZone(form)).toBe('Asia/Tokyo');
  });

  it('writes instants in form messages in the viewer’s zone, named', () => {
    expect(humanText('ends_at (2026-02-01T09:00:00.000Z) is before starts_at', 'Asia/Tokyo')).toBe('end date (1 Feb 2026, 18:00 Tokyo time) is before start date');
    expect(humanText('ends_at (2026-02-01T09:00:00.000Z) is before starts_at')).toBe('end date (1 Feb 2026, 09:00 UTC) is before start date');
  });
});
