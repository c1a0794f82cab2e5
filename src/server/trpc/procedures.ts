import { t } from './init';
import { apiChain } from './middleware';

export const router = t.router;

/**
 * Every public operation: envelope ⟶ authenticate (401) ⟶ rate limit (429) ⟶ authorize (403) ⟶
 * Idempotency-Key ⟶ input (400) ⟶ resolver ⟶ ETag (304), all in one middleware (see apiChain).
 */
export const apiProcedure = t.procedure.use(apiChain);
