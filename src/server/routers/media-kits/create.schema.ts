import type { OperationExamples } from '../../trpc/meta';
import { single } from '../shared/schemas';
import { mediaKitSchema, summerPitchKitExample } from './schemas';
import { createMediaKitInput } from '../../services/media-kit-input';

export const createMediaKitOutput = single(mediaKitSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const createMediaKitExamples: OperationExamples = {
  request: {
    creator_id: '6b04481e1ba105ce15495131',
    name: 'Summer pitch',
    template: 'bold',
    headline: 'Travel & food stories',
    sections: ['about', 'socials', 'rates', 'contact'],
    picture_url: 'https://cdn.example.com/maya.jpg',
  },
  status: 201,
  response: {
    data: summerPitchKitExample,
  },
};

export const createMediaKitContract = { input: createMediaKitInput, output: createMediaKitOutput, examples: createMediaKitExamples };
