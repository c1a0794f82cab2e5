import type { ReactNode } from 'react';
import { Breadcrumbs, DASHBOARD_CRUMB } from './breadcrumbs';
import { Timestamp } from './dates';
import { INDEX_HREFS, KIND_LABELS, kindOfLabel } from './resource-links';

interface Props {
  kind: string;
  title: string;
  id: string;
  publicUrl?: string | null;
  createdAt: Date;
  updatedAt: Date;
  facts?: { label: string; value: ReactNode }[];
  children: ReactNode;
  /** Panels after the edit form, for settings saved on their own (deck password, link-in-bio blocks). */
  after?: ReactNode;
  /** A banner under the title (e.g. "created"). */
  notice?: ReactNode;
  /** The edit form's heading, which also names the form ("Deck details"). */
  editHeading?: string;
}

/** Dashboard › the kind's index page (its plural name) › this item. */
export function crumbsFor(kind: string, title: string) {
  const known = kindOfLabel(kind);
  return [DASHBOARD_CRUMB, known ? { label: KIND_LABELS[known].many, href: INDEX_HREFS[known] } : { label: kind }, { label: title }];
}

/** Shared frame of the editor pages: where you are, what the resource is, then its form. */
export function EditorShell({ kind, title, id, publicUrl, createdAt, updatedAt, facts = [], children, after, notice, editHeading = 'Edit' }: Props) {
  return (
    <>
      <Breadcrumbs steps={crumbsFor(kind, title)} />
      <div className="page-head">
        <div>
          <h1>{title}</h1>
          <p>
            {kind} · <code>{id}</code>
          </p>
        </div>
        {publicUrl ? (
          <a className="button" href={publicUrl}>
            View public page
          </a>
        ) : null}
      </div>
      {notice}
      <section className="panel" aria-labelledby="details-heading">
        <h2 id="details-heading">Details</h2>
        <dl className="facts">
          {facts.map((fact) => (
            <div key={fact.label}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
          <dt>Public link</dt>
          <dd>{publicUrl ? <a href={publicUrl}>{publicUrl}</a> : <span className="muted">Not public</span>}</dd>
          <dt>Created</dt>
          <dd>
            <Timestamp iso={createdAt.toISOString()} />
          </dd>
          <dt>Last changed</dt>
          <dd>
            <Timestamp iso={updatedAt.toISOString()} />
          </dd>
        </dl>
      </section>
      <section className="panel" aria-labelledby="edit-heading">
        <h2 id="edit-heading">{editHeading}</h2>
        {children}
      </section>
      {after}
    </>
  );
}
