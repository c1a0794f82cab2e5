import type { SubjectType } from '../auth/scopes';

/** Whose data an operation acts on: an agency or a creator (for API calls, the key's subject). */
export interface Owner {
  type: SubjectType;
  id: string;
}
