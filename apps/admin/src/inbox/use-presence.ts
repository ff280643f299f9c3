import { useEffect, useRef, useState } from 'react';
import { conversations, type PresenceList } from '../api/conversations.ts';

/** How often the inbox says an operator is at a message (the server forgets them after 30 s). */
export const PRESENCE_INTERVAL_MS = 10_000;

/**
 * Says every PRESENCE_INTERVAL_MS, and at once when `activity` changes, that the operator is viewing the
 * message or writing a reply to it; gives the others there and calls `onThreadChanged` when the thread's
 * version moves on from the one first seen (someone replied, noted, or a mail's state changed).
 */
export function usePresence(id: string, activity: 'viewing' | 'replying', onThreadChanged: () => void) {
  const [others, setOthers] = useState<PresenceList['others']>([]);
  const changed = useRef(onThreadChanged);
  useEffect(() => {
    changed.current = onThreadChanged;
  });
  /** The thread's version the operator has seen: the first one the server gave, then each newer one. */
  const seen = useRef<string | null>(null);

  useEffect(() => {
    let current = true;
    const say = () =>
      conversations.present(id, activity).then(
        (answer) => {
          if (!current) return;
          setOthers(answer.others);
          if (seen.current !== null && seen.current !== answer.threadVersion) changed.current();
          seen.current = answer.threadVersion;
        },
        // A missed beat changes nothing: the next one says it again.
        () => {},
      );
    void say();
    const timer = setInterval(say, PRESENCE_INTERVAL_MS);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [id, activity]);

  return others;
}
