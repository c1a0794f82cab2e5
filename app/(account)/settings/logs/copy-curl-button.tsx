'use client';

import { useState } from 'react';

/** Copies a request log entry as a curl command; the command is also shown for copying by hand. */
export function CopyCurlButton({ command }: { command: string }) {
  const [status, setStatus] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(command);
      setStatus('Copied to the clipboard.');
    } catch {
      setStatus('Could not copy automatically: select the command below and copy it.');
    }
  };
  return (
    <>
      <button type="button" className="button" onClick={() => void copy()}>
        Copy as curl
      </button>
      <p role="status" className="muted" aria-live="polite">
        {status}
      </p>
    </>
  );
}
