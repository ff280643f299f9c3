import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/api-error.ts';
import { conversations, type Note, type Reply, type Thread } from '../api/conversations.ts';
import { type Operator, operators } from '../api/people.ts';
import { Notice } from '../ui/notice.tsx';
import { useOutcome } from '../ui/use-outcome.ts';
import { NoteForm } from './note-form.tsx';
import { ReplyForm } from './reply-form.tsx';
import { nameOf, ThreadList } from './thread-list.tsx';
import { usePresence } from './use-presence.ts';
import type { OpenMessage } from './use-open-message.ts';
import { useThreadVersion } from './use-thread-version.ts';

type Props = {
  id: string;
  visitor: string;
  thread: Thread;
  /** A restricted message can only be kept: no reply. */
  restricted: boolean;
  /** False when its address is one the contact form would refuse: replies are not mailed to it. */
  replyByMail: boolean;
  /** The grant of a reveal of a restricted person's conversation, which its files' downloads carry. */
  revealGrant: string | null;
  /** Reads what changed in the open message (not an opening): the message as shown then. */
  refresh: () => Promise<OpenMessage | null>;
  /** Reads the page of the thread before the oldest item shown; how many items it held. */
  showEarlier: () => Promise<number>;
  /** Shows the operator's own reply or note, as the server stored it, in the thread. */
  addWritten: (written: { reply: Reply } | { note: Note }) => void;
  /** A reply went: the message is answered. */
  onAnswered: () => void;
};

const activityText = { viewing: 'is viewing this message', replying: 'is writing a reply' } as const;

/**
 * The conversation with the visitor: who else is here, the replies and notes, the reply and note forms,
 * and who the message is assigned to (Help Scout's order: the thread top to bottom, the composer under it).
 */
export function ConversationPanel({
  id,
  visitor,
  thread,
  restricted,
  replyByMail,
  revealGrant,
  refresh,
  showEarlier,
  addWritten,
  onAnswered,
}: Props) {
  const { outcome, attempt, failed } = useOutcome();
  const [writing, setWriting] = useState(false);
  const [team, setTeam] = useState<Operator[]>([]);
  const others = usePresence(id, writing ? 'replying' : 'viewing');
  useThreadVersion(id, () => void refresh().catch(failed));

  useEffect(() => {
    operators.list().then((list) => setTeam(list.filter((operator) => !operator.revokedAt)), failed);
  }, [failed]);

  const newest = (replies: Thread['replies']) => Math.max(0, ...replies.map((reply) => reply.seq));
  /**
   * The newest reply the operator knew of when they began to write: a reply someone else sends while they
   * write, even one the thread then shows, refuses theirs with a notice, once.
   */
  const knownWhenWriting = useRef<number | null>(null);
  const latest = useRef(newest(thread.replies));
  useEffect(() => {
    latest.current = newest(thread.replies);
  });
  const send = async (text: string) => {
    let reply: Reply;
    try {
      reply = await conversations.reply(id, text, knownWhenWriting.current ?? latest.current);
    } catch (error) {
      failed(error);
      // Someone else answered meanwhile: show theirs; the draft stays for the operator to rethink.
      if (error instanceof ApiError && error.code === 'conversation_changed') {
        const fresh = await refresh().catch(failed);
        if (fresh) knownWhenWriting.current = newest(fresh.thread.replies);
      }
      return false;
    }
    addWritten({ reply });
    onAnswered();
    await attempt(async () => 'Reply queued: it is sent in a moment, and marked sent here.');
    return true;
  };
  const note = async (text: string) => {
    let added = false;
    await attempt(async () => {
      addWritten({ note: await conversations.note(id, text) });
      added = true;
      return 'Note added.';
    });
    return added;
  };
  const retry = (reply: Reply) =>
    attempt(async () => {
      await conversations.retryReply(id, reply.seq);
      await refresh();
      return 'The reply is queued again.';
    });
  const assign = (email: string) =>
    attempt(async () => {
      await conversations.assign(id, email || null);
      await refresh();
      return email ? `Assigned to ${email}.` : 'Assigned to nobody.';
    });
  const onWriting = useCallback((now: boolean) => {
    setWriting(now);
    knownWhenWriting.current = now ? (knownWhenWriting.current ?? latest.current) : null;
  }, []);

  return (
    <section className="conversation" aria-labelledby="conversation-heading">
      <h3 id="conversation-heading">Conversation</h3>
      <p role="status" className={others.length > 0 ? 'presence' : 'visually-hidden'}>
        {others.map((other) => `${nameOf(other.by)} ${activityText[other.activity]}.`).join(' ')}
      </p>
      <ThreadList
        thread={thread}
        revealGrant={revealGrant}
        onRetry={retry}
        showEarlier={async () => {
          try {
            return await showEarlier();
          } catch (error) {
            failed(error);
            return 0;
          }
        }}
      />
      <Notice outcome={outcome} />
      {restricted ? (
        <p className="notice">Processing is restricted: this message can only be kept, not answered.</p>
      ) : !replyByMail ? (
        <p className="notice">
          No reply by mail to {visitor}: the contact form would refuse this address (an address literal, an
          internal name or a quoted one), and mail to such an address could go inside the company’s own
          network. Answer another way if you know one.
        </p>
      ) : (
        <ReplyForm onSend={send} onWriting={onWriting} visitor={visitor} />
      )}
      <NoteForm onAdd={note} />
      <div className="assignee">
        <label htmlFor="assignee">Assigned to</label>
        <select
          id="assignee"
          value={thread.assignee?.email ?? ''}
          onChange={(event) => assign(event.target.value)}
        >
          <option value="">Nobody</option>
          {team.map((operator) => (
            <option key={operator.email} value={operator.email}>
              {operator.name ? `${operator.name} (${operator.email})` : operator.email}
            </option>
          ))}
        </select>
      </div>
    </section>
  );
}
