'use client';

import './globals.css';
import './(account)/account.css';
import { FailedRender } from './_components/failed-render';

/** When even the root layout fails: the message of app/error.tsx, in its own document. */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body>
        <FailedRender error={error} reset={reset} lead="This page could not be shown. Try again in a moment." />
      </body>
    </html>
  );
}
