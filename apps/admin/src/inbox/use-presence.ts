import { useState } from 'react';
import { conversations, type PresenceList } from '../api/conversations.ts';
import { usePolling } from '../ui/use-polling.ts';
import { PRESENCE_INTERVAL_MS } from './open-message-polls.ts';

/**
 * Says every PRESENCE_INTERVAL_MS, and at once when `activity` changes, that the operator is viewing the
 * message or writing a reply to it; gives the others there.
 */
export function usePresence(id: string, activity: 'viewing' | 'replying') {
  const [others, setOthers] = useState<PresenceList['others']>([]);
  usePolling(
    `${id} ${activity}`,
    PRESENCE_INTERVAL_MS,
    () => conversations.present(id, activity),
    (answer) => setOthers(answer.others),
  );
  return others;
}
