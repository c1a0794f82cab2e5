import type { Principal } from './principal';

/**
 * Who made a change, as the audit log records it (src/server/services/audit-events.ts): a person
 * signed in to the settings UI, an API key, or the operator CLI. A plain value the doors build from
 * their principal and request and hand to the services; never an HTTP object, never a secret.
 */
export type ActorType = 'user' | 'api_key' | 'operator';

/** Where a call came from, as the door saw it (REST, MCP and the UI resolve the address the same way). */
export interface ClientInfo {
  /** The client address (src/server/lib/client-address.ts), or null when there is none (the CLI). */
  address: string | null;
  userAgent: string | null;
}

export const NO_CLIENT: ClientInfo = { address: null, userAgent: null };

export interface Actor {
  type: ActorType;
  /** The user id, the API key id, or `cli` for the operator. */
  id: string;
  /** An email or a key's name and prefix; when left out the audit log looks it up as it records. */
  label?: string;
  client: ClientInfo;
  requestId: string | null;
}

/** The actor of a gateway call: the key, or the signed-in person, with the call's client and request id. */
export function actorOf(principal: Principal, client: ClientInfo, requestId: string): Actor {
  return principal.kind === 'api_key'
    ? { type: 'api_key', id: principal.keyId, client, requestId }
    : { type: 'user', id: principal.userId, client, requestId };
}

/** The operator CLI (`npm run admin`): no client address, labelled by the OS user running it when known. */
export function operatorActor(label = 'operator'): Actor {
  return { type: 'operator', id: 'cli', label, client: NO_CLIENT, requestId: null };
}
