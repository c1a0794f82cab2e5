/** Shapes shared by the API-key form (client) and its server actions (plain data only). */
export const KEY_EXPIRY_CHOICES = [
  { value: 'never', label: 'Never', days: null },
  { value: '7', label: 'In 7 days', days: 7 },
  { value: '30', label: 'In 30 days', days: 30 },
  { value: '90', label: 'In 90 days', days: 90 },
  { value: '180', label: 'In 180 days', days: 180 },
  { value: '365', label: 'In 1 year', days: 365 },
] as const;

export interface CreatedKey {
  id: string;
  name: string;
  start: string;
  scopes: string[];
  expires_at: string | null;
  secret: string;
}

export interface ScopeOption {
  scope: string;
  description: string;
}
