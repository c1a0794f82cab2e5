import { cookies } from 'next/headers';
import { normalizeTimeZone } from '@/server/lib/zoned-time';

/** The cookie `TimeZoneCookie` (local-time.tsx) sets to the browser's time zone. */
export const TIME_ZONE_COOKIE = 'tz';

/** The viewer's time zone as the browser last reported it, or null before it has (then pages use UTC). */
export async function viewerTimeZone(): Promise<string | null> {
  const value = (await cookies()).get(TIME_ZONE_COOKIE)?.value;
  if (!value) return null;
  try {
    return normalizeTimeZone(decodeURIComponent(value));
  } catch {
    return null;
  }
}
