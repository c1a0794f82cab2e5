'use client';

import { useEffect, useRef, useState } from 'react';

/**
 * A secret shown once (an API key, a rolled key, a webhook signing secret): a labelled read-only
 * field, selected when it appears, with a Copy button and a live status. When the clipboard is not
 * available the value stays selected and the status says how to copy it by hand.
 */
export function SecretField({ id, label, value, describedBy }: { id: string; label: string; value: string; describedBy: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [copyStatus, setCopyStatus] = useState('');
  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopyStatus('Copied to the clipboard.');
    } catch {
      inputRef.current?.select();
      setCopyStatus('Could not copy automatically: the key is selected, press Ctrl+C (⌘C on a Mac).');
    }
  };
  return (
    <>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="secret-box">
        <input ref={inputRef} id={id} type="text" readOnly value={value} aria-describedby={describedBy} spellCheck={false} autoComplete="off" />
        <button type="button" className="button" onClick={() => void copy()}>
          Copy
        </button>
      </div>
      <p role="status" className="muted" aria-live="polite">
        {copyStatus}
      </p>
    </>
  );
}
