import type { Metadata } from 'next';
import { ShareShell } from './_components/share';
import styles from './share.module.css';

export const metadata: Metadata = { title: { absolute: 'Not found' }, robots: { index: false } };

/** Unknown slugs and anything not shared publicly: the same page, with no hint whether it exists. */
export default function ShareNotFound() {
  return (
    <ShareShell design={{ theme: 'light', accentColor: null, backgroundColor: null }}>
      <div className={styles.notFound}>
        <h1>Not found</h1>
        <p className={styles.muted}>This link does not lead to a shared page. It may have been mistyped, made private or switched off.</p>
      </div>
    </ShareShell>
  );
}
