import { adminEndpoints as endpoints } from '@site/api-contract/constants';
import { call } from './admin-client.ts';

export type { Passkey } from '@site/api-contract';

/** The signed-in operator's own passkeys. */
export const passkeys = {
  list: async () => (await call(endpoints.passkeys, {})).passkeys,
  rename: (id: string, name: string) => call(endpoints.renamePasskey, {}, { id, name }),
  remove: (id: string) => call(endpoints.removePasskey, {}, { id }),
};
