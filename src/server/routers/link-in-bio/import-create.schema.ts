import { z } from 'zod';
import { single } from '../shared/schemas';
import { linkInBioImportSchema } from './schemas';

export const createLinkInBioImportInput = z.strictObject({
  source_url: z
    .string()
    .trim()
    .min(1)
    .max(2048)
    .meta({
      format: 'uri',
      description: 'The public https URL of your page on another link-in-bio service, e.g. `https://linktr.ee/yourname`.',
    }),
});

export const createLinkInBioImportOutput = single(linkInBioImportSchema);
