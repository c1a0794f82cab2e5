import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { MEDIA_KIT_SECTIONS, MEDIA_KIT_TEMPLATE_IDS, MEDIA_KIT_TEMPLATES, MEDIA_KIT_THEMES } from '../../services/media-kits';

export const listTemplatesInput = z.void();

export const mediaKitTemplateSchema = z
  .object({
    id: z.enum(MEDIA_KIT_TEMPLATE_IDS).meta({ description: 'Pass as `template` when creating or updating a kit.' }),
    name: z.string().meta({ description: 'Display name of the template.' }),
    description: z.string().meta({ description: 'What the template looks like and suits.' }),
    theme: z.enum(MEDIA_KIT_THEMES).meta({ description: 'Default color scheme.' }),
    accent_color: z.string().meta({ description: 'Default accent `#RRGGBB`.' }),
    background_color: z.string().meta({ description: 'Default background `#RRGGBB`.' }),
    sections: z.array(z.enum(MEDIA_KIT_SECTIONS)).meta({ description: 'Sections shown by default, in order.' }),
  })
  .meta({ id: 'MediaKitTemplate' });

export const listTemplatesOutput = z.object({ data: z.array(mediaKitTemplateSchema).meta({ description: 'Every template, in a fixed order.' }) });

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const listMediaKitTemplatesExamples: OperationExamples = {
  status: 200,
  response: {
    data: [...MEDIA_KIT_TEMPLATES],
  },
};

export const listMediaKitTemplatesContract = { input: listTemplatesInput, output: listTemplatesOutput, examples: listMediaKitTemplatesExamples };
