import { useEffect, useRef } from 'react';
import { conversations } from '../api/conversations.ts';

import { THREAD_VERSION_INTERVAL_MS } from './open-message-polls.ts';

/**
 * Calls `onThreadChanged` when the thread's version moves on from the one first seen: someone replied
 * or noted, a mail's state changed, the visitor answered by mail.
 */
export function useThreadVersion(id: string, onThreadChanged: () => void) {
  const changed = useRef(onThreadChanged);
  useEffect(() => {
    changed.current = onThreadChanged;
  });

  useEffect(() => {
    let current = true;
    let seen: string | null = null;
    const ask = () =>
      conversations.version(id).then(
        ({ threadVersion }) => {
          if (!current) return;
          if (seen !== null && seen !== threadVersion) changed.current();
          seen = threadVersion;
        },
        // A missed question changes nothing: the next one asks again.
        () => {},
      );
    void ask();
    const timer = setInterval(ask, THREAD_VERSION_INTERVAL_MS);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [id]);
}
