import { keysetPage, type ListMeta, type PageInput } from '../domain/pagination';
import type { OperationContext } from './context';

/**
 * One page of a list the caller owns, as the envelope carries it (newest first, `domain/pagination.ts`).
 * The cursor is bound to the owner and to the list's filters: `scope` is the list's name, then each
 * filter as the key spells it, so a cursor from another account's list, or from the same list
 * filtered otherwise, is refused as `invalid-cursor` instead of continuing the wrong list.
 */
export async function ownedListPage<Row extends { id: string }, View>(
  ctx: Pick<OperationContext, 'app' | 'owner'>,
  input: PageInput,
  list: {
    scope: readonly [name: string, ...filters: string[]];
    fetch: (afterId: string | undefined, take: number) => Promise<Row[]>;
    view: (row: Row) => View;
  },
): Promise<{ data: View[]; meta: ListMeta }> {
  const [name, ...filters] = list.scope;
  const listKey = [name, ctx.owner.type, ctx.owner.id, ...filters].join(':');
  const page = await keysetPage(ctx.app.cursors, listKey, input, list.fetch);
  return { data: page.items.map((row) => list.view(row)), meta: page.meta };
}
