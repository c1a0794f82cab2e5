import { t } from './init';
import { apiChain } from './middleware';

export const router = t.router;

/** Every public operation: envelope ⟶ authenticate (401) ⟶ rate limit (429) ⟶ authorize (403) ⟶ input (400) ⟶ resolver. */
export const apiProcedure = t.procedure.use(apiChain);
