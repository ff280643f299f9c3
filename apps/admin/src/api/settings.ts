import { adminEndpoints as endpoints } from '@site/api-contract/constants';
import { call } from './admin-client.ts';

export type { InboxSettings as Settings } from '@site/api-contract';

export const loadSettings = () => call(endpoints.settings, {});
