import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { objectId, single } from '../shared/schemas';
import { mediaKitExample, mediaKitSchema } from './schemas';

export const getMediaKitInput = z.strictObject({ media_kit_id: objectId.meta({ description: 'The media kit’s id.' }) });
export const getMediaKitOutput = single(mediaKitSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const getMediaKitExamples: OperationExamples = { request: { media_kit_id: '6b04481e1ba105ce15495135' }, status: 200, response: { data: mediaKitExample } };

export const getMediaKitContract = { input: getMediaKitInput, output: getMediaKitOutput, examples: getMediaKitExamples };
