import { t } from './init';
import { conditional } from './conditional';
import { idempotency } from './idempotency';
import { apiChain } from './middleware';

export const router = t.router;

/**
 * Every public operation: envelope ⟶ authenticate (401) ⟶ rate limit (429) ⟶ authorize (403) — one
 * middleware, see apiChain — ⟶ conditional (ETag, 304) ⟶ idempotency (Idempotency-Key claim/replay)
 * ⟶ input (400) ⟶ resolver.
 */
export const apiProcedure = t.procedure.use(apiChain).use(conditional).use(idempotency);
