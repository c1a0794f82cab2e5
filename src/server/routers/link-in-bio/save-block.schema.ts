import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { objectId } from '../shared/schemas';
import { blockEndpointSchema, linkInBioPageSchema, updatedLinkInBioPageExample } from './schemas';

export const saveBlockInput = blockEndpointSchema.meta({ id: 'LinkInBioBlockSave' });

export const saveBlockOutput = z.object({
  data: linkInBioPageSchema.meta({ description: 'The whole page after the change.' }),
  meta: z
    .object({
      block_id: objectId.meta({ description: 'The block this call created, edited or found.' }),
      created: z.boolean().meta({ description: 'true when this call created the block (201); false for an edit or a repeated client_id (200).' }),
    })
    .meta({ id: 'LinkInBioBlockSaveMeta', description: 'Which block this call touched.' }),
});

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const saveLinkInBioBlockProcedureExamples: OperationExamples = {
  request: { client_id: 'portrait', type: 'image', media_url: 'https://cdn.example.com/ada-portrait.jpg', title: 'Portrait' },
  status: 201,
  response: {
    data: {
      ...updatedLinkInBioPageExample,
      blocks: [
        ...updatedLinkInBioPageExample.blocks,
        {
          id: '6b0448231ba105ce1549513e',
          client_id: 'portrait',
          type: 'image',
          title: 'Portrait',
          url: null,
          media_url: 'https://cdn.example.com/ada-portrait.jpg',
          visible: true,
          order: 2,
          clicks: 0,
          created_at: '2026-11-23T14:05:23.293Z',
          updated_at: '2026-11-23T14:05:23.293Z',
        },
      ],
      updated_at: '2026-11-23T14:05:23.303Z',
    },
    meta: { block_id: '6b0448231ba105ce1549513e', created: true },
  },
};

export const saveLinkInBioBlockProcedureContract = { input: saveBlockInput, output: saveBlockOutput, examples: saveLinkInBioBlockProcedureExamples };
