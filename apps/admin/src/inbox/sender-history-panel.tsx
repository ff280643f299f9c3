import { inboxMessagePath } from '@site/api-contract/constants';
import { useState } from 'react';
import { conversations, type HistoryConversation, type SenderHistory } from '../api/conversations.ts';
import { formatDateTime } from '../ui/dates.ts';
import { AppLink } from '../ui/app-link.tsx';
import { Notice } from '../ui/notice.tsx';
import { useOutcome } from '../ui/use-outcome.ts';
import type { Navigate } from '../use-location.ts';
import { statusLabels } from './filter.ts';

type Props = { messageId: string; email: string; navigate: Navigate };

const answeredBy = (item: HistoryConversation) =>
  item.answeredBy.length === 0
    ? 'Not answered'
    : `Answered by ${item.answeredBy.map((operator) => operator.name ?? operator.email).join(', ')}`;

function HistoryList({
  items,
  empty,
  navigate,
  showEmail,
}: {
  items: HistoryConversation[];
  empty: string;
  navigate: Navigate;
  showEmail: boolean;
}) {
  if (items.length === 0) return <p className="history-empty">{empty}</p>;
  return (
    <ul className="history-list">
      {items.map((item) => (
        <li key={item.id}>
          <AppLink href={inboxMessagePath(item.id)} navigate={navigate}>
            {item.subject ?? 'Restricted message'}
          </AppLink>
          <span className="history-facts">
            {showEmail && <span>{item.email}</span>}
            <time dateTime={item.receivedAt}>{formatDateTime(item.receivedAt)}</time>
            <span>{statusLabels[item.status]}</span>
            <span>{answeredBy(item)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The sender's history beside the message: their earlier conversations and their colleagues' at the same
 * company domain. Read only when the operator opens it, as the server records each reading.
 */
export function SenderHistoryPanel({ messageId, email, navigate }: Props) {
  const [history, setHistory] = useState<SenderHistory | null>(null);
  const { outcome, failed } = useOutcome();
  const load = (open: boolean) => {
    if (open && !history) conversations.senderHistory(messageId).then(setHistory, failed);
  };
  return (
    <details className="sender-history" onToggle={(event) => load(event.currentTarget.open)}>
      <summary>Sender’s history (audited)</summary>
      <Notice outcome={outcome} />
      {history === null ? (
        !outcome && <p aria-busy="true">Reading the history…</p>
      ) : (
        <>
          <h3>Earlier from {email}</h3>
          <HistoryList
            items={history.address}
            empty="No earlier conversations."
            navigate={navigate}
            showEmail={false}
          />
          {history.domain ? (
            <>
              <h3>Others at {history.domain.name}</h3>
              <HistoryList
                items={history.domain.conversations}
                empty="Nobody else from this company wrote before."
                navigate={navigate}
                showEmail
              />
            </>
          ) : (
            <p className="history-empty">
              A public mail provider’s address: others there are not the same company.
            </p>
          )}
        </>
      )}
    </details>
  );
}
