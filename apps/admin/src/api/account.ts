import { adminApiPaths } from '@site/api-contract';
import { getJson, postJson } from './admin-client.ts';

export type Passkey = {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** When a sign-in with it was refused as a copy's; it signs in no more. */
  flaggedAt: string | null;
  /** The passkey this session was started with. */
  current: boolean;
};

/** The signed-in operator's own passkeys. */
export const passkeys = {
  list: async () => (await getJson<{ passkeys: Passkey[] }>(adminApiPaths.passkeys)).passkeys,
  rename: (id: string, name: string) => postJson<void>(adminApiPaths.renamePasskey, { id, name }),
  remove: (id: string) => postJson<{ signedOut: boolean }>(adminApiPaths.removePasskey, { id }),
};
