import { adminApiPaths } from '@site/api-contract';
import { getJson } from './admin-client.ts';

export type Settings = {
  siteName: string;
  siteKeys: string[];
  retention: { messagesDays: number | null; networkDetailsDays: number };
  session: { idleMinutes: number; maxHours: number };
};

export const loadSettings = () => getJson<Settings>(adminApiPaths.settings);
