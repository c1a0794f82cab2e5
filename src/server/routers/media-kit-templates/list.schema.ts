import { z } from 'zod';

export const listTemplatesInput = z.void();

export const mediaKitTemplateSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    theme: z.string(),
    accent_color: z.string(),
    background_color: z.string(),
    sections: z.array(z.string()).meta({ description: 'Sections shown by default, in order.' }),
  })
  .meta({ id: 'MediaKitTemplate' });

export const listTemplatesOutput = z.object({ data: z.array(mediaKitTemplateSchema) });
