import { useCallback, useEffect, useRef, useState } from 'react';
import { webhookDeliveries, type WebhookDeliveryStatus } from '../api/webhooks.ts';
import { usePolling } from '../ui/use-polling.ts';
import { type LogRows, withFreshPage } from './fresh-page.ts';

/** How often the open log asks again, so deliveries being tried change state on their own. */
export const LOG_POLL_MS = 3000;

type Query = { endpoint: number; status?: WebhookDeliveryStatus };

/**
 * One endpoint's delivery log, newest first, in one state or all: loaded when the query changes, its
 * newest page asked again every LOG_POLL_MS (a background request) and after each change, older pages
 * on demand. An answer for a query no longer shown is dropped.
 */
export function useDeliveryLog({ endpoint, status }: Query, failed: (error: unknown) => void) {
  const key = `${endpoint}/${status ?? ''}`;
  // Kept with the query it answers: a new query shows nothing until its own answer comes.
  const [kept, setKept] = useState<(LogRows & { key: string }) | null>(null);
  const log = kept?.key === key ? kept : null;
  const shownKey = useRef(key);

  const newest = useCallback(
    async (background: boolean) => {
      const answer = await webhookDeliveries.page({ endpoint, status }, background);
      if (shownKey.current !== key) return;
      const fresh = { rows: answer.deliveries, nextBefore: answer.nextBefore };
      setKept((shown) => ({ key, ...(shown?.key === key ? withFreshPage(shown, fresh) : fresh) }));
    },
    [endpoint, status, key],
  );

  useEffect(() => {
    shownKey.current = key;
    newest(false).catch(failed);
  }, [key, newest, failed]);
  usePolling(key, LOG_POLL_MS, () => newest(true), undefined, { atOnce: false });

  const older = useCallback(async () => {
    const before = log?.nextBefore;
    if (!before) return;
    const answer = await webhookDeliveries.page({ endpoint, status, before });
    if (shownKey.current !== key) return;
    setKept((shown) => ({
      key,
      rows: [...(shown?.rows ?? []), ...answer.deliveries.filter((row) => row.seq < before)],
      nextBefore: answer.nextBefore,
    }));
  }, [log, endpoint, status, key]);

  return { log, refresh: () => newest(false), older };
}
