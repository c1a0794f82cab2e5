import { z } from 'zod';

export const setRosterPublishedInput = z.strictObject({ published: z.boolean() });
export const setRosterPublishedOutput = z.object({ data: z.object({ published: z.boolean() }) });
