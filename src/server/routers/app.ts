import { router } from '../trpc/procedures';
import { getMe } from './me/get';

/** Every public operation, one entry per procedure file. */
export const appRouter = router({
  me: router({ get: getMe }),
});

export type AppRouter = typeof appRouter;
