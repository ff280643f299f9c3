import { useCallback, useState } from 'react';
import { reasonOf } from '../api/api-error.ts';
import type { Outcome } from './notice.tsx';

/**
 * The outcome a page shows in its Notice: `attempt` runs an action and shows the text it returns, or the
 * reason it failed; `failed` shows the reason of a request made some other way.
 */
export function useOutcome() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const failed = useCallback((error: unknown) => setOutcome({ kind: 'error', text: reasonOf(error) }), []);
  const attempt = useCallback(
    async (action: () => Promise<string>) => {
      try {
        setOutcome({ kind: 'done', text: await action() });
      } catch (error) {
        failed(error);
      }
    },
    [failed],
  );
  return { outcome, attempt, failed };
}
