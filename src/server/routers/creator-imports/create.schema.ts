import { z } from 'zod';
import { single } from '../shared/schemas';
import { creatorImportSchema } from './schemas';

export const createCreatorImportInput = z.strictObject({
  file: z.file().meta({
    description: 'The CSV file (text/csv; application/csv or a .csv file sent as application/octet-stream also work). At most 2 MiB and 500 data rows.',
  }),
});

export const createCreatorImportOutput = single(creatorImportSchema);
