import type { SubjectType } from '../auth/scopes';

/** Whose data an operation acts on: an agency or a creator (for API calls, the key's subject). */
export interface Owner {
  type: SubjectType;
  id: string;
}

/** The owner columns (`owner_type`, `owner_id`) of the rows an owner owns: for where clauses and new rows. */
export function ownedBy(owner: Owner): { ownerType: SubjectType; ownerId: string } {
  return { ownerType: owner.type, ownerId: owner.id };
}
