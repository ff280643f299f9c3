import { adminPages } from '@site/api-contract/constants';
import { useEffect, useState } from 'react';
import { inbox, type Message, type MessageStatus, type SpamVerdict } from '../api/inbox.ts';
import { AppLink } from '../ui/app-link.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { formatDateTime } from '../ui/dates.ts';
import { Notice } from '../ui/notice.tsx';
import { useOutcome } from '../ui/use-outcome.ts';
import type { Navigate } from '../use-location.ts';
import { statusLabels } from './filter.ts';
import { AttachmentList } from './attachment-list.tsx';
import { ConversationPanel } from './conversation-panel.tsx';
import { MessageWebhooks } from './message-webhooks.tsx';
import { MailList } from './mail-list.tsx';
import { DMARC_FAILED_LABEL, dmarcFailedAdvice } from '@site/api-contract/constants';
import { mailOrigin } from './sender-check.ts';
import { SenderHistoryPanel } from './sender-history-panel.tsx';
import { SpamCheck } from './spam-check.tsx';
import { POSSIBLY_SPAM_LABEL, spamMarkedText } from './spam-verdict.ts';
import { firstResponseDetail } from './first-response-text.ts';
import { languageLabel } from '../ui/language-label.ts';
import { hasHidden } from './thread-state.ts';
import { useOpenMessage } from './use-open-message.ts';
import { siteLabel } from '../ui/site-label.ts';
import { visitSourceText } from './visit-source-text.ts';

type Props = {
  id: string;
  /** SPAM_THRESHOLD; null until the settings arrive. */
  thresholdPoints: number | null;
  navigate: Navigate;
  /** Called after the server took a change, so the list follows. */
  onChanged: (id: string, status: MessageStatus, spam: boolean, spamVerdict: SpamVerdict) => void;
  /** Called once a new message, opened, is marked read. */
  onRead: (id: string, spam: boolean) => void;
  onBack: () => void;
};

/** Where the list and the message stop standing side by side (inbox-page.css, message-view.css). */
const NARROW = '(max-width: 56rem)';

/** One message with every field, its mails, and what an operator does with it. */
export function MessageView({ id, thresholdPoints, navigate, onChanged, onRead, onBack }: Props) {
  const [revealing, setRevealing] = useState(false);
  const { outcome, attempt, failed } = useOutcome();
  const {
    open: loaded,
    refresh,
    showEarlier,
    reveal: revealAll,
    addWritten,
    setMessage,
  } = useOpenMessage(id, (spam) => onRead(id, spam), failed);

  const ready = loaded !== null;
  useEffect(() => {
    // On a narrow screen the list gives way to the message, so the focus follows to its heading.
    if (ready && matchMedia(NARROW).matches) document.getElementById('message-subject')?.focus();
  }, [ready]);

  if (!loaded)
    return (
      <article className="message-view" aria-busy={!outcome}>
        <Notice outcome={outcome} />
        {!outcome && <p>Opening the message…</p>}
      </article>
    );
  const { message, mails, thread, grants } = loaded;

  const act = (change: () => Promise<unknown>, update: Partial<Message>, done: string) =>
    attempt(async () => {
      await change();
      const changed = { ...message, ...update };
      setMessage(update);
      onChanged(message.id, changed.status, changed.spam, changed.spamVerdict);
      return done;
    });
  const setStatus = (status: MessageStatus, done: string) =>
    act(() => inbox.setStatus(message.id, status), { status }, done);
  // As the server does: out of spam is New again, and a restricted message teaches the filter nothing.
  const markSpam = (spam: boolean) =>
    act(
      () => inbox.setSpam(message.id, spam),
      {
        spam,
        spamVerdict: spam ? 'spam' : 'not-spam',
        status: spam || !message.spam ? message.status : 'new',
        trainedAs: message.restricted ? message.trainedAs : spam ? 'spam' : 'ham',
      },
      spamMarkedText(spam, message.restricted, message.spam),
    );
  const reveal = () =>
    attempt(async () => {
      await revealAll();
      return 'The text is shown; this is recorded in the audit log.';
    });
  const hidden = message.subject === null;
  const retry = () =>
    attempt(async () => {
      const { queued } = await inbox.retryMails(message.id);
      await refresh();
      return `${queued} mail(s) queued again.`;
    });

  return (
    <article className="message-view" aria-labelledby="message-subject">
      <button type="button" className="back quiet" onClick={onBack}>
        ← Back to the list
      </button>
      <h2 id="message-subject" tabIndex={-1}>
        {message.subject ?? 'Restricted message'}
      </h2>
      {message.restricted ? (
        <p className="notice">
          {message.name} asked us to restrict the processing of their data (GDPR article 18): this message is
          only kept. Use it only as restriction allows, for example for a legal claim.
        </p>
      ) : null}
      {message.spamVerdict === 'possibly-spam' && (
        <p className="possibly-spam-notice">
          <span className="badge possibly-spam">{POSSIBLY_SPAM_LABEL}</span> The spam filter was unsure: its
          reasons are under “Why this may be spam”. Mark it Spam or Not spam.
        </p>
      )}
      {message.dmarc === 'fail' && (
        <p className="dmarc-failed-notice">
          <span className="badge">{DMARC_FAILED_LABEL}</span> {dmarcFailedAdvice(message.email)}
        </p>
      )}
      <div className="actions" role="group" aria-label="Message actions">
        {message.restricted ? (
          (hidden || hasHidden(thread)) && (
            <button type="button" onClick={() => setRevealing(true)}>
              Show text (audited)
            </button>
          )
        ) : (
          <button
            type="button"
            className="primary"
            onClick={() => document.getElementById('reply-text')?.focus()}
          >
            Reply
          </button>
        )}
        {message.status !== 'answered' && (
          <button type="button" onClick={() => setStatus('answered', 'Marked as answered.')}>
            Mark answered
          </button>
        )}
        {message.status === 'archived' ? (
          <button type="button" onClick={() => setStatus('read', 'Moved back to the inbox.')}>
            Unarchive
          </button>
        ) : (
          <button type="button" onClick={() => setStatus('archived', 'Archived.')}>
            Archive <kbd>e</kbd>
          </button>
        )}
        {message.spamVerdict === 'possibly-spam' && (
          <button type="button" onClick={() => markSpam(false)}>
            Not spam
          </button>
        )}
        <button type="button" onClick={() => markSpam(!message.spam)}>
          {message.spam ? 'Not spam' : 'Spam'}
        </button>
      </div>
      <Notice outcome={outcome} />
      <dl className="fields">
        <dt>From</dt>
        <dd>
          {message.name} &lt;{message.email}&gt;
        </dd>
        <dt>Received</dt>
        <dd>
          <time dateTime={message.receivedAt}>{formatDateTime(message.receivedAt)}</time>
        </dd>
        <dt>Site</dt>
        <dd>{siteLabel(message.siteKey)}</dd>
        <dt>Status</dt>
        <dd>
          {statusLabels[message.status]}
          {message.spam ? ', caught as spam' : ''}
          {message.spamVerdict === 'possibly-spam' ? ', possibly spam' : ''}
          {message.restricted ? ', processing restricted (left out of exports and marketing)' : ''}
        </dd>
        {message.firstResponse && (
          <>
            <dt>First reply</dt>
            <dd className={`clock ${message.firstResponse.state}`}>
              {firstResponseDetail(message.firstResponse)}
            </dd>
          </>
        )}
        <dt>Marketing</dt>
        <dd>
          {message.marketingConsent && message.consentAt
            ? `Consent ticked on ${formatDateTime(message.consentAt)}`
            : 'No consent: do not add to marketing'}
        </dd>
        <dt>Language</dt>
        <dd>{languageLabel(message.language)}: answer in it</dd>
        <dt>Sent from</dt>
        <dd>
          {message.source === 'email'
            ? mailOrigin(message.dmarc)
            : message.ip
              ? `${message.ip}, ${message.userAgent || 'unknown browser'}`
              : 'Removed under the retention rules'}
        </dd>
        {message.source === 'form' && (
          <>
            <dt>Came from</dt>
            <dd>{visitSourceText(message.visitSource)}</dd>
          </>
        )}
      </dl>
      {!message.restricted && (
        <SenderHistoryPanel
          key={message.id}
          messageId={message.id}
          email={message.email}
          navigate={navigate}
        />
      )}
      <h3 className="visually-hidden">Message</h3>
      {hidden ? (
        <p className="placeholder">The text is hidden while processing is restricted.</p>
      ) : (
        <p className="body">{message.message}</p>
      )}
      <AttachmentList attachments={thread.attachments} revealGrant={grants.revealGrant} />
      <ConversationPanel
        id={message.id}
        visitor={`${message.name} <${message.email}>`}
        thread={thread}
        restricted={message.restricted}
        replyByMail={message.replyByMail}
        revealGrant={grants.revealGrant}
        refresh={refresh}
        showEarlier={showEarlier}
        addWritten={addWritten}
        onAnswered={() => {
          setMessage({ status: 'answered' });
          onChanged(message.id, 'answered', message.spam, message.spamVerdict);
        }}
      />
      <SpamCheck message={message} thresholdPoints={thresholdPoints} />
      <MailList mails={mails} onRetry={retry} />
      <MessageWebhooks messageId={message.id} />
      <p>
        <AppLink href={adminPages.privacy} navigate={navigate} state={{ email: message.email }}>
          Privacy requests for {message.email}
        </AppLink>
      </p>
      {revealing && (
        <ConfirmDialog
          title="Show a restricted conversation?"
          confirmLabel="Show text (audited)"
          onCancel={() => setRevealing(false)}
          onConfirm={() => {
            setRevealing(false);
            void reveal();
          }}
        >
          <p>
            The subject and text of this message from <strong>{message.email}</strong> will be shown, with
            every text and file name of its conversation. The audit log records that you asked for them.
          </p>
        </ConfirmDialog>
      )}
    </article>
  );
}
