import type { Db } from '../db/database';
import type { EventApp } from './webhook-events';
import { createAgency, createCreatorAccount } from './accounts';
import { createApiKey } from './api-keys';
import { seedDemoShowcase } from './demo-showcase';
import { setRosterPublished } from './roster-page';
import { operatorActor } from '../domain/actor';

export interface DemoSeed {
  agency: { id: string; name: string; key: string };
  creator: { id: string; name: string; key: string };
}

/**
 * On the first start of an empty database (the embedded default), create a demo agency and a demo
 * creator with one all-scopes key each, so `npm start` is immediately usable. Keys are returned once,
 * to be printed; they are never stored in clear.
 */
export async function seedDemoIfEmpty(app: EventApp): Promise<DemoSeed | null> {
  const db: Db = app.db;
  const [agencies, creators] = await Promise.all([db.agency.count(), db.creator.count()]);
  if (agencies > 0 || creators > 0) return null;
  const { agency } = await createAgency(db, { name: 'Demo Talent Agency', ownerEmail: 'demo-agency@example.com', planCode: 'pro' });
  const { creator } = await createCreatorAccount(db, { displayName: 'Demo Creator', email: 'demo-creator@example.com', planCode: 'pro' });
  const agencyKey = await createApiKey(db, { subject: { type: 'agency', id: agency.id }, name: 'Demo agency key', scopes: ['all'] });
  const creatorKey = await createApiKey(db, { subject: { type: 'creator', id: creator.id }, name: 'Demo creator key', scopes: ['all'] });
  await seedDemoShowcase(app, agency.id, creator.id);
  // The demo shows every kind of share page, the roster included.
  await setRosterPublished(db, operatorActor('demo seed'), agency.id, true);
  return {
    agency: { id: agency.id, name: agency.name, key: agencyKey.secret },
    creator: { id: creator.id, name: creator.displayName, key: creatorKey.secret },
  };
}
