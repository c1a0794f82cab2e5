'use client';

import { useEffect, useState } from 'react';

/**
 * A time in the viewer's own locale and time zone. The server renders it in UTC (it cannot know the
 * viewer's zone, and the first paint must match between server and browser); once in the browser
 * it is re-rendered with the browser's locale and zone, and the zone's short name says which.
 */
export function LocalTime({ iso, dateOnly = false, zoneName = true, utcText }: { iso: string; dateOnly?: boolean; zoneName?: boolean; utcText: string }) {
  const [text, setText] = useState(utcText);
  useEffect(() => {
    const options: Intl.DateTimeFormatOptions = dateOnly ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' };
    const date = new Date(iso);
    if (dateOnly || !zoneName) {
      setText(new Intl.DateTimeFormat(undefined, options).format(date));
      return;
    }
    const zone = new Intl.DateTimeFormat(undefined, { timeZoneName: 'short' }).formatToParts(date).find((part) => part.type === 'timeZoneName')?.value;
    setText(`${new Intl.DateTimeFormat(undefined, options).format(date)}${zone ? ` ${zone}` : ''}`);
  }, [iso, dateOnly, zoneName]);
  return (
    <time dateTime={iso} title={iso} suppressHydrationWarning>
      {text}
    </time>
  );
}

/** Stores the browser's time zone in a cookie (one year) when it differs, so the next page render uses it. */
export function TimeZoneCookie({ current }: { current: string | null }) {
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone || zone === current) return;
    // The name is TIME_ZONE_COOKIE of src/server/web/viewer-time.ts (a client module cannot import that server module).
    document.cookie = `tz=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
  }, [current]);
  return null;
}
