import type { ReactNode } from 'react';
import { FailedSignInNotice } from '../_components/sign-in-notice';
import { SiteChrome } from '../_components/site-chrome';
import { TestModeBanner } from '../_components/test-mode';
import './account.css';
import './create.css';

/** Sign-in, settings and editor pages: the site's header and footer around each page. */
export default function AccountLayout({ children }: { children: ReactNode }) {
  return (
    <SiteChrome>
      <TestModeBanner />
      <FailedSignInNotice />
      {children}
    </SiteChrome>
  );
}
