'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { IDLE } from '@/server/web/form-state';
import type { ImportState, ImportView } from '../_actions/create';
import { FormMessage, SubmitRow } from './fields';
import { useActionForm } from './use-action-form';

type Status = ImportView & { names: Record<string, string> };

const ROW_LABELS: Record<string, string> = { created: 'Added', existing: 'Already on roster', failed: 'Failed', pending: 'Waiting' };

/**
 * CSV upload with a live progress bar: the file goes to a server action (the API's own parser and
 * limits), which queues the import on the job runner; the panel then polls the import until it ends
 * and lists every row's result.
 */
export function RosterImport({
  start,
  status,
}: {
  start: (previous: ImportState, formData: FormData) => Promise<ImportState>;
  status: (importId: string) => Promise<Status | null>;
}) {
  const { state, formAction, pending, onSubmit } = useActionForm(start, IDLE as ImportState);
  const [current, setCurrent] = useState<Status | null>(null);
  const importId = state.importId;
  const router = useRouter();

  useEffect(() => {
    if (!importId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      const next = await status(importId).catch(() => null);
      if (stopped) return;
      if (next) setCurrent(next);
      if (!next || next.status === 'queued' || next.status === 'processing') timer = setTimeout(() => void poll(), 700);
      // Finished: refresh the server-rendered roster list below (this panel keeps its state).
      else router.refresh();
    };
    void poll();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [importId, status, router]);

  const finished = current && (current.status === 'completed' || current.status === 'failed');
  const total = current?.progress.total ?? 0;
  const processed = current?.progress.processed ?? 0;
  return (
    <section className="panel" aria-labelledby="import-heading">
      <h2 id="import-heading">Import a CSV roster</h2>
      <p className="field-hint">
        One creator per row: a <code>display_name</code> (or <code>name</code>) column, optional <code>email</code>, <code>country</code>,{' '}
        <code>languages</code>, <code>tags</code>, and one column per platform (<code>instagram</code>, <code>tiktok</code>, <code>youtube</code>…). Up to 500
        rows and 2 MiB. <a href="/examples/creators.csv">Download an example file</a>.
      </p>
      <form action={formAction} onSubmit={onSubmit} className="form" noValidate encType="multipart/form-data">
        <FormMessage state={state.status === 'error' ? state : IDLE} />
        <div className="field">
          <label htmlFor="import-file">CSV file</label>
          <input id="import-file" name="file" type="file" accept=".csv,text/csv" aria-invalid={state.fieldErrors?.file ? true : undefined} aria-describedby={state.fieldErrors?.file ? 'import-file-error' : undefined} />
          {state.fieldErrors?.file && (
            <p className="field-error" id="import-file-error">
              {state.fieldErrors.file}
            </p>
          )}
        </div>
        <SubmitRow label="Upload and import" busyLabel="Uploading…" pending={pending} primary />
      </form>
      {importId && (
        <div className="import-progress" aria-live="polite">
          <label htmlFor="import-bar">
            {!current ? 'Starting…' : finished ? (current.status === 'completed' ? 'Import finished' : 'Import failed') : `Importing: ${processed} of ${total} rows`}
          </label>
          <progress id="import-bar" max={Math.max(total, 1)} value={finished ? Math.max(total, 1) : processed} />
          {current && (
            <p>
              <strong>{current.progress.created}</strong> added · <strong>{processed - current.progress.created - current.progress.failed}</strong> already on your roster ·{' '}
              <strong>{current.progress.failed}</strong> failed
            </p>
          )}
          {finished && current.rows.length > 0 && (
            <div className="table-scroll">
              <table className="data-table">
                <caption>Row results</caption>
                <thead>
                  <tr>
                    <th scope="col">Row</th>
                    <th scope="col">Name</th>
                    <th scope="col">Result</th>
                    <th scope="col">Details</th>
                  </tr>
                </thead>
                <tbody>
                  {current.rows.map((row) => (
                    <tr key={row.row_number} className={row.status === 'failed' ? 'row-failed' : undefined}>
                      <td>{row.row_number}</td>
                      <td>{current.names[row.row_number] || '—'}</td>
                      <td>
                        <span className={`badge badge-${row.status}`}>{ROW_LABELS[row.status] ?? row.status}</span>
                      </td>
                      <td>{row.errors.length > 0 ? row.errors.join(' ') : row.media_kit_id ? <a href={`/editor/media-kits/${row.media_kit_id}`}>Media kit</a> : ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
