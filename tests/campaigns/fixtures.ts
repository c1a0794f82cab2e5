import type { TestApp } from '../support/app';

export interface Owner {
  type: 'agency' | 'creator';
  id: string;
}

/** Everything a campaign request could change for these owners, for "the database is unchanged" assertions. */
export async function campaignState(t: TestApp, owners: Owner[]) {
  return t.db.campaign.findMany({
    where: { OR: owners.map((o) => ({ ownerType: o.type, ownerId: o.id })) },
    orderBy: { id: 'asc' },
  });
}
