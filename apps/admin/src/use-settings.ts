import { useEffect, useState } from 'react';
import { loadSettings, type Settings } from './api/settings.ts';

/** The server's settings the pages show (sites, retention); null until they arrive or if they cannot. */
export function useSettings() {
  const [settings, setSettings] = useState<Settings | null>(null);
  useEffect(() => {
    loadSettings().then(setSettings, () => setSettings(null));
  }, []);
  return settings;
}
