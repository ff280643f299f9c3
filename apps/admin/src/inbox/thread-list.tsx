import type { Answer, Note, OperatorName, Reply } from '../api/conversations.ts';
import { formatDateTime } from '../ui/dates.ts';
import { AttachmentList } from './attachment-list.tsx';
import { stateOf } from './notification-list.tsx';

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

type Props = { replies: Reply[]; notes: Note[]; answers: Answer[]; onRetry: (reply: Reply) => void };

/** An answer's labels: an automatic reply, or one from another address than the visitor's. */
const answerLabels = (answer: Answer) =>
  [
    answer.automatic && 'Automatic reply',
    answer.otherSender && `From another address: ${answer.fromAddress}`,
  ].filter((label): label is string => typeof label === 'string');

/**
 * The conversation after the visitor's message: replies with their mail's state, the answers that came
 * back by mail, and notes for the team.
 */
export function ThreadList({ replies, notes, answers, onRetry }: Props) {
  const entries = entriesOf(replies, notes, answers);
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
        ) : entry.kind === 'answer' ? (
          <li
            key={`answer-${entry.item.seq}`}
            className={`entry answer${entry.item.automatic ? ' automatic' : ''}`}
          >
            <p className="entry-head">
              <strong>{entry.item.fromName || entry.item.fromAddress}</strong> answered by mail,{' '}
              <time dateTime={entry.item.receivedAt}>{formatDateTime(entry.item.receivedAt)}</time>
              {answerLabels(entry.item).map((label) => (
                <span key={label} className="badge">
                  {label}
                </span>
              ))}
            </p>
            <p className="entry-text">{entry.item.text}</p>
            <AttachmentList attachments={entry.item.attachments} />
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
