import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { objectId, single } from '../shared/schemas';
import { campaignExample, campaignFieldsShape, campaignSchema, unsupportedPatchShape } from './schemas';

/** At least one property; omitted fields (and omitted CPM platforms) stay as they are. */
export const updateCampaignInput = z
  .strictObject(campaignFieldsShape)
  .partial()
  .extend({ ...unsupportedPatchShape, campaign_id: objectId.meta({ description: 'The campaign’s id.' }) });
export const updateCampaignOutput = single(campaignSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const updateCampaignExamples: OperationExamples = {
  request: { campaign_id: '6b0448251ba105ce15495141', refresh_cadence: 'weekly', cpm: { youtube: 20 } },
  status: 200,
  response: {
    data: {
      ...campaignExample,
      refresh_cadence: 'weekly',
      cpm: { instagram: 12.5, tiktok: 9, youtube: 20, twitter: 0 },
      updated_at: '2026-11-23T14:05:26.133Z',
    },
  },
};

export const updateCampaignContract = { input: updateCampaignInput, output: updateCampaignOutput, examples: updateCampaignExamples };
