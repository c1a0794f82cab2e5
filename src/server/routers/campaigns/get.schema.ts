import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { objectId, single } from '../shared/schemas';
import { campaignExample, campaignSchema } from './schemas';

export const getCampaignInput = z.strictObject({ campaign_id: objectId.meta({ description: 'The campaign’s id.' }) });
export const getCampaignOutput = single(campaignSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const getCampaignExamples: OperationExamples = { request: { campaign_id: '6b0448251ba105ce15495141' }, status: 200, response: { data: campaignExample } };

export const getCampaignContract = { input: getCampaignInput, output: getCampaignOutput, examples: getCampaignExamples };
