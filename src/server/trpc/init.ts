import { initTRPC } from '@trpc/server';
// Rule-stating validation messages for every schema the procedures parse.
import '../lib/validation-messages';
import type { RequestContext } from './context';
import type { ApiMeta } from './meta';

export const t = initTRPC.context<RequestContext>().meta<ApiMeta>().create();
