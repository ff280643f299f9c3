import { adminApiPaths } from '@site/api-contract/constants';
import type { InboxSettings } from '@site/api-contract';
import { getJson } from './admin-client.ts';

export type { InboxSettings as Settings } from '@site/api-contract';

export const loadSettings = () => getJson<InboxSettings>(adminApiPaths.settings);
