import type { EventType } from '../../services/webhook-events';
import { EVENT_TYPES } from '../../services/webhook-events';
import { campaignExample } from '../campaigns/schemas';
import { creatorImportExample } from '../creator-imports/schemas';
import { creatorExample } from '../creators/schemas';
import { deckExample } from '../decks/schemas';
import { linkInBioImportExample, linkInBioPageExample } from '../link-in-bio/schemas';
import { mediaKitExample } from '../media-kits/schemas';

/**
 * The `data` of a synthetic test event (POST /webhook-endpoints/{id}/test-events): the documented
 * example of the resource each event type carries, so a receiver sees exactly the shape a real event
 * has (its ids name nothing that exists).
 */
const SAMPLES = {
  Creator: creatorExample,
  CreatorImport: creatorImportExample,
  MediaKit: mediaKitExample,
  Deck: deckExample,
  Campaign: campaignExample,
  LinkInBioPage: linkInBioPageExample,
  LinkInBioImport: linkInBioImportExample,
} as const;

export function sampleEventData(type: EventType, endpointId: string): unknown {
  const resource = EVENT_TYPES[type].resource;
  if (resource === 'WebhookTest') return { endpoint_id: endpointId, message: 'A test event from creator-api: your endpoint received it and can verify its signature.' };
  return SAMPLES[resource];
}
