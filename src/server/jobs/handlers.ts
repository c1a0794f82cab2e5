import { abandonLinkInBioImport, LINK_IN_BIO_IMPORT_EVENT, runLinkInBioImport, unfinishedLinkInBioImports } from '../services/link-in-bio-imports';
import { CREATOR_IMPORT_EVENT, failCreatorImport, runCreatorImport, unfinishedCreatorImports } from '../services/creator-imports';
import { attemptDelivery } from '../services/webhook-deliveries';
import type { AppServices } from '../trpc/context';
import { WEBHOOK_DELIVERY_EVENT } from './webhook-worker';

/**
 * Every background job the service runs, registered once at start. Each entry maps an event name to
 * a plain service function; the in-process runner calls it directly, and with Inngest configured the
 * Inngest functions call the same functions step by step.
 */
export function registerJobHandlers(services: AppServices): void {
  services.jobs.register(
    CREATOR_IMPORT_EVENT,
    (data, step) => runCreatorImport(services.db, String(data.importId), step),
    // Rows already done keep their results; the rest fail with a reason, and the import ends `failed`.
    (data) => failCreatorImport(services.db, String(data.importId), 'Processing stopped on an internal error; upload the file again.'),
  );
  services.jobs.register(
    LINK_IN_BIO_IMPORT_EVENT,
    (data, step) => runLinkInBioImport(services, String(data.importId), step),
    (data) => abandonLinkInBioImport(services.db, String(data.importId), 'The import stopped on an unexpected error on our side; start it again.'),
  );
  // On Inngest the worker turns each claimed delivery into this event; in process it attempts them itself.
  services.jobs.register(WEBHOOK_DELIVERY_EVENT, async (data, step) => {
    await step.run('attempt', () => attemptDelivery(services, String(data.deliveryId)));
  });
}

/**
 * In-process runner only: picks up imports a previous process left queued or processing (a crash or
 * restart mid-import). Their steps are idempotent, so finished rows are not done twice.
 */
export async function resumeUnfinishedJobs(services: AppServices): Promise<number> {
  if (services.jobs.kind !== 'in-process') return 0;
  const importIds = await unfinishedCreatorImports(services.db);
  for (const importId of importIds) await services.jobs.enqueue(CREATOR_IMPORT_EVENT, { importId });
  const linkInBioIds = await unfinishedLinkInBioImports(services.db);
  for (const importId of linkInBioIds) await services.jobs.enqueue(LINK_IN_BIO_IMPORT_EVENT, { importId });
  return importIds.length + linkInBioIds.length;
}
