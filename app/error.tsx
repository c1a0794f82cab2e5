'use client';

import { FailedRender } from './_components/failed-render';

/** A page that failed while rendering (the root layout still stands). */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <FailedRender error={error} reset={reset} lead="This page could not be shown. Try again in a moment; if it keeps happening, tell us the reference below." />;
}
