import { z } from 'zod';
import { objectId, patchExamples, single } from '../shared/schemas';
import { mediaKitContentShape, mediaKitExample, mediaKitSchema } from './schemas';

/** At least one property; omitted fields stay as they are; null clears an optional field. */
export const updateMediaKitInput = z
  .strictObject(mediaKitContentShape)
  .partial()
  .extend({ media_kit_id: objectId.meta({ description: 'The media kit’s id.' }) });

export const updateMediaKitOutput = single(mediaKitSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const updateMediaKitExamples = patchExamples(
  { media_kit_id: '6b04481e1ba105ce15495135' },
  mediaKitExample,
  { headline: 'Food, travel and slow mornings', theme: 'dark' },
  '2026-11-23T14:05:22.379Z',
);

export const updateMediaKitContract = { input: updateMediaKitInput, output: updateMediaKitOutput, examples: updateMediaKitExamples };
