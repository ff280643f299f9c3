import type { Note, OperatorName, Reply } from '../api/conversations.ts';
import { formatDateTime } from '../ui/dates.ts';
import { stateOf } from './notification-list.tsx';

/** How the inbox names an operator: their name, or their address until they give one. */
export const nameOf = (operator: OperatorName) => operator.name ?? operator.email;

type Entry = { kind: 'reply'; item: Reply } | { kind: 'note'; item: Note };

/** Replies and notes in the order they were written. */
export const entriesOf = (replies: Reply[], notes: Note[]): Entry[] =>
  [
    ...replies.map((item) => ({ kind: 'reply' as const, item })),
    ...notes.map((item) => ({ kind: 'note' as const, item })),
  ].sort((a, b) => a.item.createdAt.localeCompare(b.item.createdAt));

type Props = { replies: Reply[]; notes: Note[]; onRetry: (reply: Reply) => void };

/** The conversation after the visitor's message: replies with their mail's state, and notes for the team. */
export function ThreadList({ replies, notes, onRetry }: Props) {
  const entries = entriesOf(replies, notes);
  if (entries.length === 0) return <p className="thread-empty">No reply or note yet.</p>;
  return (
    <ol className="thread">
      {entries.map((entry) =>
        entry.kind === 'reply' ? (
          <li key={`reply-${entry.item.seq}`} className={`entry reply ${entry.item.status}`}>
            <p className="entry-head">
              <strong>{nameOf(entry.item.by)}</strong> replied,{' '}
              <time dateTime={entry.item.createdAt}>{formatDateTime(entry.item.createdAt)}</time>
            </p>
            <p className="entry-text">{entry.item.text}</p>
            <p className="entry-state">
              {stateOf(entry.item)}
              {entry.item.status === 'failed' && (
                <button type="button" onClick={() => onRetry(entry.item)}>
                  Send again
                </button>
              )}
            </p>
          </li>
        ) : (
          <li key={`note-${entry.item.seq}`} className="entry note">
            <p className="entry-head">
              <strong>{nameOf(entry.item.by)}</strong> noted, for the team only,{' '}
              <time dateTime={entry.item.createdAt}>{formatDateTime(entry.item.createdAt)}</time>
            </p>
            <p className="entry-text">{entry.item.text}</p>
          </li>
        ),
      )}
    </ol>
  );
}
