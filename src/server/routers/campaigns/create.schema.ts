import type { OperationExamples } from '../../trpc/meta';
import { single } from '../shared/schemas';
import { campaignExample, campaignSchema } from './schemas';
import { createCampaignInput } from '../../services/campaign-input';

export const createCampaignOutput = single(campaignSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const createCampaignExamples: OperationExamples = {
  request: {
    name: 'Peak Protein spring launch',
    description: 'Instagram and TikTok push for the new bar.',
    starts_at: '2026-03-01T00:00:00Z',
    ends_at: '2026-04-30T23:59:59Z',
    cpm: { instagram: 12.5, tiktok: 9 },
  },
  status: 201,
  response: { data: campaignExample },
};

export const createCampaignContract = { input: createCampaignInput, output: createCampaignOutput, examples: createCampaignExamples };
