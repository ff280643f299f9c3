import { adminApiPaths } from '@site/api-contract/constants';
import type { PasskeyList, PasskeyRemoved } from '@site/api-contract';
import { getJson, postJson } from './admin-client.ts';

export type { Passkey } from '@site/api-contract';

/** The signed-in operator's own passkeys. */
export const passkeys = {
  list: async () => (await getJson<PasskeyList>(adminApiPaths.passkeys)).passkeys,
  rename: (id: string, name: string) => postJson<void>(adminApiPaths.renamePasskey, { id, name }),
  remove: (id: string) => postJson<PasskeyRemoved>(adminApiPaths.removePasskey, { id }),
};
