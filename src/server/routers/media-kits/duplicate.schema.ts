import { z } from 'zod';
import type { OperationExamples } from '../../trpc/meta';
import { objectId, single } from '../shared/schemas';
import { mediaKitSchema } from './schemas';

export const duplicateMediaKitInput = z.strictObject({
  media_kit_id: objectId.meta({ description: 'The kit to copy; it must be owned by the key’s subject (anything else is 404).' }),
  name: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .meta({ description: 'Name of the copy, 1–100 characters. Default: the original’s name followed by “(copy)”.', example: 'Spring 2027 rates' }),
});

/** The response example (duplicateMediaKitExamples below). */
export const duplicateMediaKitResponseExample = {
  data: {
    id: '6b0244f07c1e9a0d6a1f0c2a',
    creator_id: '6b0243d1a5e3c20d6a1f0c0f',
    owner_type: 'agency',
    owner_id: '6b0243d1a5e3c20d6a1f0c01',
    is_default: false,
    name: 'Spring 2027 rates',
    slug: 'spring-2027-rates-3f9c1a7b2e',
    visibility: 'link',
    template: 'bold',
    headline: 'Travel and food, 1.2M followers',
    bio: 'Weekly city guides on YouTube and Instagram.',
    contact_email: 'bookings@example.com',
    sections: ['about', 'socials', 'audience', 'rates', 'contact'],
    theme: 'dark',
    accent_color: '#FF5A1F',
    background_color: '#111111',
    picture_url: 'https://images.example.com/ada.jpg',
    cover_url: null,
    editor_url: 'https://api.example.com/editor/media-kits/6b0244f07c1e9a0d6a1f0c2a',
    share_url: 'https://api.example.com/m/spring-2027-rates-3f9c1a7b2e',
    created_at: '2026-11-23T14:05:00.000Z',
    updated_at: '2026-11-23T14:05:00.000Z',
  },
};

export const duplicateMediaKitOutput = single(mediaKitSchema);

/** The operation's request and response examples in the OpenAPI document (checked against the schemas above by tests/openapi/completeness.test.ts). */
const duplicateMediaKitExamples: OperationExamples = {
  request: { media_kit_id: '6b0243d1a5e3c20d6a1f0c11', name: 'Spring 2027 rates' },
  status: 201,
  response: duplicateMediaKitResponseExample,
};

export const duplicateMediaKitContract = { input: duplicateMediaKitInput, output: duplicateMediaKitOutput, examples: duplicateMediaKitExamples };
