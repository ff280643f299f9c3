import { useRef } from 'react';
import { conversations } from '../api/conversations.ts';
import { usePolling } from '../ui/use-polling.ts';
import { THREAD_VERSION_INTERVAL_MS } from './open-message-polls.ts';

/**
 * Calls `onThreadChanged` when the thread's version is new: at the first answer (something may have
 * changed since the message was opened) and whenever it moves on, as someone replies or notes, a mail's
 * state changes, or the visitor answers by mail.
 */
export function useThreadVersion(id: string, onThreadChanged: () => void) {
  const seen = useRef<{ id: string; version: string } | null>(null);
  usePolling(
    id,
    THREAD_VERSION_INTERVAL_MS,
    () => conversations.version(id),
    ({ threadVersion }) => {
      if (seen.current?.id !== id || seen.current.version !== threadVersion) onThreadChanged();
      seen.current = { id, version: threadVersion };
    },
  );
}
