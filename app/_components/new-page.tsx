import type { ReactNode } from 'react';

/** Frame of the "new item" pages: breadcrumbs, title, a one-line explanation, then the form. */
export function NewItemPage({ kind, title, intro, children }: { kind: string; title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumbs">
        <ol>
          <li>
            <a href="/settings">Settings</a>
          </li>
          <li>{kind}</li>
          <li aria-current="page">{title}</li>
        </ol>
      </nav>
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
