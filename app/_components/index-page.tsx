import type { ReactNode } from 'react';
import type { IndexPage as ListPage } from '@/server/services/resource-index';
import { Breadcrumbs, DASHBOARD_CRUMB } from './breadcrumbs';
import { Timestamp } from './dates';
import { formatNumber } from './numbers';

interface Props {
  title: string;
  /** The page's own path, which the search form and the pager link back to. */
  path: string;
  intro: ReactNode;
  /** What the search box searches, in words ("kit names"). */
  searchWhat: string;
  /** The list as resource-index.ts read it: this page's items, the next cursor, the search applied. */
  page: ListPage<unknown>;
  /** The cursor in the address: past the first page unless it was refused. */
  cursor: string | undefined;
  total: number;
  create: { href: string; label: string } | null;
  /** What to say when nothing exists yet (not when a search found nothing). */
  empty: ReactNode;
  children: ReactNode;
}

/**
 * Frame of the editor's index pages (media kits, pitch decks, campaigns): breadcrumbs, a title with
 * the count and the "new" button, a search form (GET, so a search is a link), the list (an
 * IndexTable), and "Next page" by keyset cursor (the API's signed cursors; a search is part of the
 * list they name).
 */
export function IndexPage({ title, path, intro, searchWhat, page, cursor, total, create, empty, children }: Props) {
  const { search, cursorRefused } = page;
  const nextCursor = page.meta.next_cursor;
  // On a page after the first: offers the way back to the first.
  const paged = cursor !== undefined && !cursorRefused;
  const shown = page.items.length;
  const withSearch = (extra: Record<string, string>) => {
    const query = new URLSearchParams({ ...(search ? { q: search } : {}), ...extra }).toString();
    return query ? `${path}?${query}` : path;
  };
  return (
    <>
      <Breadcrumbs steps={[DASHBOARD_CRUMB, { label: title }]} />
      <div className="page-head">
        <div>
          <h1>{title}</h1>
          <p>{intro}</p>
        </div>
        {create && (
          <a className="button button-primary" href={create.href}>
            {create.label}
          </a>
        )}
      </div>
      <section className="panel" aria-labelledby="index-heading">
        <h2 id="index-heading" className="visually-hidden">
          {search ? `${title} matching “${search}”` : `All ${title.toLowerCase()}`}
        </h2>
        {total > 0 && (
          <form role="search" className="index-search" action={path} method="get" aria-label={`Search ${title.toLowerCase()}`}>
            <div className="field">
              <label htmlFor="index-q">Search {searchWhat}</label>
              <input id="index-q" name="q" type="search" defaultValue={search} maxLength={100} autoComplete="off" />
            </div>
            <button type="submit" className="button">
              Search
            </button>
            {search && (
              <a className="button button-quiet" href={path}>
                Clear search
              </a>
            )}
          </form>
        )}
        {cursorRefused && (
          <div className="alert alert-warning" role="status">
            That page link is from another list or has expired, so here is the first page.
          </div>
        )}
        {total === 0 ? (
          <div className="empty-state">{empty}</div>
        ) : shown === 0 ? (
          <p className="muted" role="status">
            {search ? <>Nothing matches “{search}”. Try part of the name, or clear the search.</> : 'No more items.'}
          </p>
        ) : (
          <>
            <p className="muted" role="status">
              {search ? `${formatNumber(shown)} ${shown === 1 ? 'match' : 'matches'} on this page` : `${formatNumber(total)} in all`}, newest first.
            </p>
            {children}
          </>
        )}
        {(nextCursor || paged) && (
          <nav className="pager" aria-label="Pages">
            {paged ? <a href={withSearch({})}>First page</a> : <span />}
            {nextCursor && (
              <a className="button" href={withSearch({ cursor: nextCursor })}>
                Next page
              </a>
            )}
          </nav>
        )}
      </section>
    </>
  );
}

export interface IndexColumn<T> {
  label: string;
  cell: (item: T) => ReactNode;
}

/** An index page's list: a row per item, each cell labelled with its column (the phone layout shows the labels). */
export function IndexTable<T extends { id: string }>({ caption, columns, items }: { caption: string; columns: IndexColumn<T>[]; items: T[] }) {
  return (
    <table className="data-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.label} scope="col">
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id}>
            {columns.map((column) => (
              <td key={column.label} data-label={column.label}>
                {column.cell(item)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The column every index ends with. */
export const lastChangedColumn: IndexColumn<{ updatedAt: Date }> = { label: 'Last changed', cell: (item) => <Timestamp iso={item.updatedAt.toISOString()} /> };

/** The first value of a search parameter. */
export function param(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
