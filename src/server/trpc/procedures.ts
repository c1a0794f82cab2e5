import { t } from './init';
import { conditional } from './conditional';
import { idempotency } from './idempotency';
import { authenticate, authorize, envelope, rateLimit } from './middleware';

export const router = t.router;

/**
 * Every public operation: envelope ⟶ authenticate (401) ⟶ rate limit (429) ⟶ authorize (403) ⟶
 * conditional (ETag, 304) ⟶ idempotency (Idempotency-Key claim/replay) ⟶ input (400) ⟶ resolver.
 */
export const apiProcedure = t.procedure
  .use(envelope)
  .use(authenticate)
  .use(rateLimit)
  .use(authorize)
  .use(conditional)
  .use(idempotency);
