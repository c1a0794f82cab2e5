import { abandonLinkInBioImport, LINK_IN_BIO_IMPORT_EVENT, runLinkInBioImport } from '../services/link-in-bio-imports';
import { CREATOR_IMPORT_EVENT, failCreatorImport, runCreatorImport } from '../services/creator-imports';
import { abandonDelivery, attemptDelivery, DELIVERY_PRELOAD_SQL } from '../services/webhook-deliveries';
import { countWebhookDelivery } from '../lib/metrics';
import type { AppServices } from '../domain/app-services';
import { DELIVERY_JOB_MAX_ATTEMPTS, WEBHOOK_DELIVERY_JOB } from '../services/webhook-events';

/**
 * Every background job the service runs, registered once at start. Each entry maps a job kind to a
 * plain service function; the embedded runner calls it under a lease, and with Inngest configured the
 * Inngest functions call the same functions step by step. Imports do not retry a handler error (they
 * end `failed`, keeping finished rows); an instance that dies mid-import is not an error: another
 * instance takes the job over and resumes after its last finished step.
 */
export function registerJobHandlers(services: AppServices): void {
  services.jobs.register(
    CREATOR_IMPORT_EVENT,
    (data, step) => runCreatorImport(services, String(data.importId), step),
    // Rows already done keep their results; the rest fail with a reason, and the import ends `failed`.
    (data) => failCreatorImport(services, String(data.importId), 'Processing stopped on an internal error; upload the file again.'),
  );
  services.jobs.register(
    LINK_IN_BIO_IMPORT_EVENT,
    (data, step) => runLinkInBioImport(services, String(data.importId), step),
    (data) => abandonLinkInBioImport(services, String(data.importId), 'The import stopped on an unexpected error on our side; start it again.'),
  );
  // One attempt per job; a failed attempt enqueues the next one itself, on the published schedule.
  // A thrown error (database trouble) is retried by the runner; the delivery's token keeps it single.
  services.jobs.register(
    WEBHOOK_DELIVERY_JOB,
    async (data, _step, context) => {
      countWebhookDelivery(
        await attemptDelivery(services, String(data.deliveryId), String(data.token), typeof data.endpointId === 'string' ? data.endpointId : undefined, context),
      );
    },
    (data) => abandonDelivery(services.db, String(data.deliveryId), String(data.token)),
    // A slot handed its next delivery reads it in the same statement (JobOptions.preload).
    { maxAttempts: DELIVERY_JOB_MAX_ATTEMPTS, preload: DELIVERY_PRELOAD_SQL },
  );
}
