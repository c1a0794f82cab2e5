import { z } from 'zod';
import { CAMPAIGN_STATUSES } from '../../services/campaigns';
import { list, onlyPageExamples, pageQuery } from '../shared/schemas';
import { campaignExample, campaignSchema } from './schemas';

export const listCampaignsInput = pageQuery.extend({
  status: z.enum(CAMPAIGN_STATUSES).meta({ description: 'Only campaigns in this status; all statuses when omitted.' }).optional(),
});
export const listCampaignsOutput = list(campaignSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const listCampaignsExamples = onlyPageExamples({ status: 'active', limit: 25 }, campaignExample);

export const listCampaignsContract = { input: listCampaignsInput, output: listCampaignsOutput, examples: listCampaignsExamples };
