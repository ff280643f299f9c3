import { useEffect, useState } from 'react';
import { conversations, type PresenceList } from '../api/conversations.ts';

import { PRESENCE_INTERVAL_MS } from './open-message-polls.ts';

/**
 * Says every PRESENCE_INTERVAL_MS, and at once when `activity` changes, that the operator is viewing the
 * message or writing a reply to it; gives the others there.
 */
export function usePresence(id: string, activity: 'viewing' | 'replying') {
  const [others, setOthers] = useState<PresenceList['others']>([]);

  useEffect(() => {
    let current = true;
    const say = () =>
      conversations.present(id, activity).then(
        (answer) => {
          if (current) setOthers(answer.others);
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
