import { initTRPC } from '@trpc/server';
import type { RequestContext } from './context';
import type { ApiMeta } from './meta';

export const t = initTRPC.context<RequestContext>().meta<ApiMeta>().create();
