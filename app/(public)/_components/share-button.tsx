'use client';

import { useState } from 'react';
import styles from '../share.module.css';

/**
 * Shares the page with the device's share sheet (navigator.share) where there is one, else copies the
 * link; the outcome is announced to screen readers. Without JavaScript the link itself is shown next to it.
 */
export function ShareButton({ url, title }: { url: string; title: string }) {
  const [status, setStatus] = useState('');
  async function share() {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ url, title });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setStatus('Link copied');
    } catch {
      setStatus(`Copy this link: ${url}`);
    }
  }
  return (
    <span className={styles.shareRow}>
      <button type="button" className={styles.shareButton} onClick={() => void share()}>
        Share
      </button>
      <span role="status" className={styles.shareStatus}>
        {status}
      </span>
    </span>
  );
}
