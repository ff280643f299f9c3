import { useEffect, useRef, useState } from 'react';
import type { Answer, Note, OperatorName, Reply, Thread } from '../api/conversations.ts';
import { formatDateTime } from '../ui/dates.ts';
import { AttachmentList } from './attachment-list.tsx';
import { stateOf } from './mail-list.tsx';
import { POSSIBLY_SPAM_LABEL } from './spam-verdict.ts';

/** How the inbox names an operator: their name, or their address until they give one. */
export const nameOf = (operator: OperatorName) => operator.name ?? operator.email;

type Entry =
  | { kind: 'reply'; item: Reply; at: string }
  | { kind: 'note'; item: Note; at: string }
  | { kind: 'answer'; item: Answer; at: string };

/** Replies, notes and the answers that came back, in the order they were written or arrived. */
export const entriesOf = (replies: Reply[], notes: Note[], answers: Answer[]): Entry[] =>
  [
    ...replies.map((item) => ({ kind: 'reply' as const, item, at: item.createdAt })),
    ...notes.map((item) => ({ kind: 'note' as const, item, at: item.createdAt })),
    ...answers.map((item) => ({ kind: 'answer' as const, item, at: item.receivedAt })),
  ].sort((a, b) => a.at.localeCompare(b.at));

type Props = {
  thread: Thread;
  revealGrant: string | null;
  onRetry: (reply: Reply) => void;
  /** Reads the page before the oldest item shown; how many items it held. */
  showEarlier: () => Promise<number>;
};

/**
 * An answer's labels: judged spam (told to nobody) or possibly spam (told, labelled), an automatic reply, one from another address than
 * the visitor's (or from theirs by someone else), and what DMARC said of its sender's domain.
 */
const answerLabels = (answer: Answer) =>
  [
    answer.spamVerdict === 'spam' && 'Judged spam: nobody was told, its files were not kept',
    answer.spamVerdict === 'possibly-spam' && POSSIBLY_SPAM_LABEL,
    answer.automatic && 'Automatic reply',
    answer.otherSender && `From another address: ${answer.fromAddress}`,
    answer.dmarc === 'fail'
      ? `DMARC failed: ${answer.fromAddress} may not have sent it`
      : answer.dmarc !== null && `DMARC: ${answer.dmarc}`,
  ].filter((label): label is string => typeof label === 'string');

/** A text of the thread, or what stands in for one a restriction hides. */
const EntryText = ({ text }: { text: string | null }) =>
  text === null ? (
    <p className="entry-text hidden-text">Text hidden while processing is restricted.</p>
  ) : (
    <p className="entry-text">{text}</p>
  );

/**
 * The conversation after the visitor's message: replies with their mail's state, the answers that came
 * back by mail, and notes for the team; its newest part, and "Show earlier" for the part before.
 */
export function ThreadList({ thread, revealGrant, onRetry, showEarlier }: Props) {
  const list = useRef<HTMLOListElement>(null);
  const [shown, setShown] = useState('');
  const [loading, setLoading] = useState(false);
  const asked = useRef(false);
  const entries = entriesOf(thread.replies, thread.notes, thread.answers);
  const earlier = async () => {
    if (loading) return;
    setLoading(true);
    asked.current = true;
    const count = await showEarlier();
    setLoading(false);
    setShown(`${count} earlier item(s) shown.`);
  };
  useEffect(() => {
    // Once nothing is left before, the button the operator used goes: the focus moves on to the thread.
    if (asked.current && thread.earlier === null) list.current?.focus();
    asked.current = false;
  }, [thread.earlier]);
  if (entries.length === 0 && thread.earlier === null)
    return <p className="thread-empty">No reply or note yet.</p>;
  return (
    <>
      {thread.earlier !== null && (
        <button type="button" className="show-earlier" aria-busy={loading} onClick={earlier}>
          {loading ? 'Showing earlier…' : 'Show earlier'}
        </button>
      )}
      <p role="status" className="visually-hidden">
        {shown}
      </p>
      <ol className="thread cards" ref={list} tabIndex={-1} aria-label="Replies, answers and notes">
        {entries.map((entry) =>
          entry.kind === 'reply' ? (
            <li key={`reply-${entry.item.seq}`} className={`card entry reply ${entry.item.status}`}>
              <p className="entry-head">
                <strong>{nameOf(entry.item.by)}</strong> replied,{' '}
                <time dateTime={entry.item.createdAt}>{formatDateTime(entry.item.createdAt)}</time>
              </p>
              <EntryText text={entry.item.text} />
              <p className="entry-state">
                {stateOf(entry.item)}
                {entry.item.status === 'failed' && (
                  <button type="button" onClick={() => onRetry(entry.item)}>
                    Send again
                  </button>
                )}
              </p>
            </li>
          ) : entry.kind === 'answer' ? (
            <li
              key={`answer-${entry.item.seq}`}
              className={`card entry answer${entry.item.automatic ? ' automatic' : ''}`}
            >
              <p className="entry-head">
                <strong>{entry.item.fromName || entry.item.fromAddress}</strong> answered by mail,{' '}
                <time dateTime={entry.item.receivedAt}>{formatDateTime(entry.item.receivedAt)}</time>
                {answerLabels(entry.item).map((label) => (
                  <span
                    key={label}
                    className={label === POSSIBLY_SPAM_LABEL ? 'badge possibly-spam' : 'badge'}
                  >
                    {label}
                  </span>
                ))}
              </p>
              <EntryText text={entry.item.text} />
              <AttachmentList attachments={entry.item.attachments} revealGrant={revealGrant} />
            </li>
          ) : (
            <li key={`note-${entry.item.seq}`} className="card entry note">
              <p className="entry-head">
                <strong>{nameOf(entry.item.by)}</strong> noted, for the team only,{' '}
                <time dateTime={entry.item.createdAt}>{formatDateTime(entry.item.createdAt)}</time>
              </p>
              <EntryText text={entry.item.text} />
            </li>
          ),
        )}
      </ol>
    </>
  );
}
