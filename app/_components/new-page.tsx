import type { ReactNode } from 'react';
import { Breadcrumbs } from './breadcrumbs';
import { crumbsFor } from './editor-shell';

/** Frame of the "new item" pages: breadcrumbs, title, a one-line explanation, then the form. */
export function NewItemPage({ kind, title, intro, children }: { kind: string; title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <>
      <Breadcrumbs steps={crumbsFor(kind, title)} />
      <div className="page-head">
        <div>
          <h1>{title}</h1>
          <p>{intro}</p>
        </div>
      </div>
      <section className="panel">{children}</section>
    </>
  );
}
