import type { ReactNode } from 'react';
import { viewerTimeZone } from '@/server/web/viewer-time';
import { TimeZoneCookie } from '../_components/local-time';
import { FailedSignInNotice } from '../_components/sign-in-notice';
import { SiteChrome } from '../_components/site-chrome';
import { TestModeBanner } from '../_components/test-mode';
import './account.css';
import './create.css';

/**
 * Sign-in, settings and editor pages: the site's header and footer around each page. Every one of
 * them reports the browser's time zone (a cookie), so the pages after it show and take times in the
 * viewer's zone (src/server/web/viewer-time.ts); until it has, they say UTC.
 */
export default async function AccountLayout({ children }: { children: ReactNode }) {
  const zone = await viewerTimeZone();
  return (
    <SiteChrome>
      <TimeZoneCookie current={zone} />
      <TestModeBanner />
      <FailedSignInNotice />
      {children}
    </SiteChrome>
  );
}
