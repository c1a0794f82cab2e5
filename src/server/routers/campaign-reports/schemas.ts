import { z } from 'zod';
import { anySubject } from '../../trpc/operation';
import { objectId } from '../shared/schemas';

/**
 * The campaign editor's report panels (participants, tracked posts, the public report switch). The
 * public API refuses these fields on PATCH /campaigns/{id} (UNSUPPORTED_PATCH_FIELDS); only the
 * settings UI calls these operations, with the same policy as every campaign write.
 */
export const CAMPAIGN_WRITE = anySubject('campaigns:write');
export const campaignPath = { campaign_id: objectId };
export const done = z.object({ data: z.object({ ok: z.literal(true) }) });
