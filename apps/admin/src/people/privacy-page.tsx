import { type FormEvent, type ReactNode, useState } from 'react';
import { subjects } from '../api/people.ts';
import type { Settings } from '../api/settings.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { pointsText } from '../ui/points.ts';
import { Notice } from '../ui/notice.tsx';
import { useOutcome } from '../ui/use-outcome.ts';
import { useSettings } from '../use-settings.ts';

type Request = {
  id: 'access' | 'restrict' | 'opt-out' | 'erase';
  label: string;
  title: string;
  what: (email: string) => ReactNode;
  danger?: boolean;
  run: (email: string) => Promise<string>;
};

const requests: Request[] = [
  {
    id: 'access',
    label: 'Download everything held',
    title: 'Download everything held?',
    what: (email) => (
      <p>
        A JSON file with every message from <strong>{email}</strong>, its answers by mail, the mails about
        them, the marketing consent and opt-out records will be saved on this device. Send it to the person
        over a safe channel, then delete it here. The download is recorded in the audit log.
      </p>
    ),
    run: async (email) => `Saved ${await subjects.access(email)}.`,
  },
  {
    id: 'restrict',
    label: 'Restrict processing',
    title: 'Restrict processing?',
    what: (email) => (
      <p>
        Every message from <strong>{email}</strong> stays stored but is left out of exports and marketing from
        now on.
      </p>
    ),
    run: async (email) => `${(await subjects.restrict(email)).messages} message(s) from ${email} restricted.`,
  },
  {
    id: 'opt-out',
    label: 'Opt out of marketing',
    title: 'Opt out of marketing?',
    what: (email) => (
      <p>
        <strong>{email}</strong> will get no marketing: any consent is withdrawn and the address goes on the
        suppression list, which later messages cannot undo.
      </p>
    ),
    run: async (email) => {
      await subjects.optOut(email);
      return `${email} is opted out of marketing.`;
    },
  },
  {
    id: 'erase',
    label: 'Erase',
    title: 'Erase everything about this address?',
    danger: true,
    what: (email) => (
      <p>
        Every message from <strong>{email}</strong>, the mails about them, its answers by mail in any
        conversation, their stored copies and the address’s opt-out entry will be deleted for good. This
        cannot be undone.
      </p>
    ),
    run: async (email) => {
      const { messages, answers, notificationFiles } = await subjects.erase(email);
      return `Erased ${messages} message(s), ${answers} answer(s) by mail and ${notificationFiles} stored mail copy(ies) of ${email}.`;
    },
  },
];

function RetentionRules({ settings }: { settings: Settings | null }) {
  if (!settings) return null;
  const { messagesDays, networkDetailsDays } = settings.retention;
  const { thresholdPoints, retentionDays } = settings.spam;
  return (
    <section aria-labelledby="retention-heading" className="panel">
      <h2 id="retention-heading">Retention</h2>
      <ul>
        <li>
          {messagesDays === null
            ? 'Messages are kept until they are erased: no retention period is set (RETENTION_DAYS).'
            : `Messages are deleted ${messagesDays} days after they arrive (RETENTION_DAYS).`}
        </li>
        <li>
          The sender’s IP address and browser are blanked {networkDetailsDays} days after a message arrives
          (IP_RETENTION_DAYS).
        </li>
        <li>
          Spam is deleted {retentionDays} days after it arrives (SPAM_RETENTION_DAYS): the messages the spam
          filter scores {pointsText(thresholdPoints)} or more (SPAM_THRESHOLD) and those marked as spam.
        </li>
      </ul>
    </section>
  );
}

/** GDPR requests about one address, each confirmed in words that say what will happen. */
export function PrivacyPage() {
  const settings = useSettings();
  const [email, setEmail] = useState<string>(() => (history.state as { email?: string } | null)?.email ?? '');
  const [asking, setAsking] = useState<Request | null>(null);
  const { outcome, attempt } = useOutcome();

  const choose = (request: Request) => (event: FormEvent) => {
    event.preventDefault();
    const form = (event.currentTarget as HTMLElement).closest('form');
    if (form && !form.reportValidity()) return;
    setAsking(request);
  };
  const run = (request: Request) => {
    setAsking(null);
    void attempt(() => request.run(email.trim()));
  };

  return (
    <div className="page">
      <h1>Privacy requests</h1>
      <p>
        When someone asks what we hold about them, or asks us to erase, restrict or stop marketing, enter the
        address they wrote from and choose the request.
      </p>
      <form className="panel" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="subject-email">E-mail address of the person</label>
        {/* Text, not type="email": mail brings addresses the browser's check refuses (a quoted local part,
            a domain in Greek letters, an address literal), and those people ask about too. */}
        <input
          id="subject-email"
          type="text"
          inputMode="email"
          spellCheck={false}
          autoCapitalize="off"
          required
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <div className="actions">
          {requests.map((request) => (
            <button
              key={request.id}
              type="submit"
              className={request.danger ? 'danger' : undefined}
              onClick={choose(request)}
            >
              {request.label}
            </button>
          ))}
        </div>
      </form>
      <Notice outcome={outcome} />
      <RetentionRules settings={settings} />
      {asking && (
        <ConfirmDialog
          title={asking.title}
          confirmLabel={asking.label}
          danger={asking.danger}
          onConfirm={() => run(asking)}
          onCancel={() => setAsking(null)}
        >
          {asking.what(email.trim())}
        </ConfirmDialog>
      )}
    </div>
  );
}
