import type { MessageMail } from '../api/inbox.ts';
import { formatDateTime } from '../ui/dates.ts';

const kindLabels: Record<MessageMail['kind'], string> = {
  notification: 'Notification to the company',
  confirmation: 'Consent confirmation to the visitor',
  answer: 'Notice of the visitor’s answer to the company',
  acknowledgement: 'Acknowledgement to the visitor',
};

/** How a mail went, in words: sent when, failed why, or pending with its next attempt. */
export function stateOf(
  mail: Pick<MessageMail, 'status' | 'sentAt' | 'attempts' | 'lastError' | 'nextAttemptAt'>,
) {
  if (mail.status === 'sent') return `Sent ${mail.sentAt ? formatDateTime(mail.sentAt) : ''}`;
  if (mail.status === 'failed')
    return `Failed after ${mail.attempts} attempt(s): ${mail.lastError ?? 'no reason given'}`;
  return mail.attempts > 0
    ? `Pending: attempt ${mail.attempts} failed (${mail.lastError ?? 'no reason given'}), next at ${formatDateTime(mail.nextAttemptAt)}`
    : 'Pending';
}

/** The mails about a message and how each went; failed ones can be sent again. */
export function MailList({ mails, onRetry }: { mails: MessageMail[]; onRetry: () => void }) {
  return (
    <section aria-labelledby="mails-heading" className="mails">
      <h3 id="mails-heading">Mails</h3>
      {mails.length === 0 ? (
        <p>No mail was sent about this message.</p>
      ) : (
        <ul>
          {mails.map((mail, index) => (
            <li key={index} className={`mail ${mail.status}`}>
              <strong>{kindLabels[mail.kind]}</strong>: {stateOf(mail)}
            </li>
          ))}
        </ul>
      )}
      {mails.some((mail) => mail.status === 'failed') && (
        <button type="button" onClick={onRetry}>
          Send failed mails again
        </button>
      )}
    </section>
  );
}
