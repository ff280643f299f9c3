import { useCallback, useEffect, useRef, useState } from 'react';
import { conversations, type Note, type Reply, type Thread } from '../api/conversations.ts';
import { type Grants, inbox, type Message, type MessageMail } from '../api/inbox.ts';
import { itemsIn, seenOf, withEarlier, withUpdates, withWritten } from './thread-state.ts';

/** An open message as the inbox shows it: its fields, its mails, the part of its thread read so far. */
export type OpenMessage = { message: Message; mails: MessageMail[]; thread: Thread; grants: Grants };

/**
 * Opens the message once (the one opening the audit log records; a new message is then marked read by
 * a POST of its own) and keeps it current without opening it again (decision 038): `refresh` reads
 * what changed after the newest point shown (audited when it brings an item not shown yet),
 * `showEarlier` the page before the oldest, `reveal` a restricted person's texts (audited), and
 * `addWritten` shows the operator's own reply or note as the server answered it, with no read at all.
 * Reads run one at a time, each from where the last one ended.
 */
export function useOpenMessage(
  id: string,
  onRead: (spam: boolean) => void,
  failed: (error: unknown) => void,
) {
  const [open, setOpen] = useState<OpenMessage | null>(null);
  const shown = useRef<OpenMessage | null>(null);
  const change = useCallback((next: (open: OpenMessage) => OpenMessage) => {
    if (!shown.current) return;
    shown.current = next(shown.current);
    setOpen(shown.current);
  }, []);
  const reads = useRef<Promise<unknown>>(Promise.resolve());
  /** Runs `read` after the reads before it, whether they worked or not. */
  const inTurn = useCallback(<T>(read: () => Promise<T>) => {
    const next = reads.current.then(read, read);
    reads.current = next.catch(() => {});
    return next;
  }, []);

  const onReadRef = useRef(onRead);
  useEffect(() => {
    onReadRef.current = onRead;
  });
  useEffect(() => {
    // The view is keyed by the message id, so each message starts from an empty state.
    let current = true;
    const read = async () => {
      const { openGrant, ...opened } = await inbox.open(id);
      if (!current) return;
      shown.current = { ...opened, grants: { openGrant, revealGrant: null } };
      setOpen(shown.current);
      if (opened.message.status !== 'new') return;
      await inbox.markRead(id);
      if (!current) return;
      change((open) => ({ ...open, message: { ...open.message, status: 'read' } }));
      onReadRef.current(opened.message.spam);
    };
    read().catch((error: unknown) => current && failed(error));
    return () => {
      current = false;
    };
  }, [id, change, failed]);

  /** Reads what changed since the newest point shown; the message as shown then. */
  const refresh = useCallback(
    () =>
      inTurn(async () => {
        if (!shown.current) return null;
        const { thread, grants } = shown.current;
        const updates = await inbox.updates(id, thread.latest, seenOf(thread), grants);
        change((open) => ({
          ...open,
          message: { ...open.message, status: updates.status, firstResponse: updates.firstResponse },
          mails: updates.mails,
          thread: { ...withUpdates(open.thread, updates.thread), assignee: updates.assignee },
        }));
        return shown.current;
      }),
    [id, change, inTurn],
  );

  /** Reads the page before the oldest item shown; how many items it held. */
  const showEarlier = useCallback(
    () =>
      inTurn(async () => {
        const earlier = shown.current?.thread.earlier;
        if (!shown.current || !earlier) return 0;
        const page = await conversations.earlier(id, earlier, shown.current.grants);
        change((open) => ({ ...open, thread: withEarlier(open.thread, page) }));
        return itemsIn(page);
      }),
    [id, change, inTurn],
  );

  /** Shows a restricted message's text and its conversation's newest page with every text (audited). */
  const reveal = useCallback(
    () =>
      inTurn(async () => {
        const { subject, message, thread, revealGrant } = await inbox.reveal(id);
        change((open) => ({
          ...open,
          message: { ...open.message, subject, message },
          thread,
          grants: { ...open.grants, revealGrant },
        }));
      }),
    [id, change, inTurn],
  );

  const addWritten = useCallback(
    (written: { reply: Reply } | { note: Note }) =>
      change((open) => ({ ...open, thread: withWritten(open.thread, written) })),
    [change],
  );

  const setMessage = useCallback(
    (fields: Partial<Message>) => change((open) => ({ ...open, message: { ...open.message, ...fields } })),
    [change],
  );
  return { open, refresh, showEarlier, reveal, addWritten, setMessage };
}
