import type { Row } from './filter.ts';
import { statusLabels } from './filter.ts';
import { formatDateTime, formatShort } from '../ui/dates.ts';
import { pointsText } from '../ui/points.ts';
import { firstResponseLabel } from './first-response-text.ts';
import { languageLabel, showsLanguageBadge } from '../ui/language-label.ts';
import { DMARC_FAILED_LABEL } from '@site/api-contract/constants';
import { POSSIBLY_SPAM_LABEL } from './spam-verdict.ts';
import { siteLabel } from '../ui/site-label.ts';

type Props = {
  rows: Row[];
  selectedId: string | null;
  onOpen: (id: string) => void;
  showSite: boolean;
  /** The spam filter's score of each message (in the Spam view). */
  showScore: boolean;
};

/**
 * The list, newest first: sender, subject (not a restricted one's), time, status, the first-response
 * clock of a conversation waiting for its first reply, a label on what the spam filter was unsure of,
 * on a mail whose sender DMARC did not verify and, if asked, the spam score; new ones in bold.
 */
export function MessageList({ rows, selectedId, onOpen, showSite, showScore }: Props) {
  return (
    <ul className="message-list" aria-label="Messages">
      {rows.map((row) => (
        <li key={row.id}>
          <button
            type="button"
            className={`message-row status-${row.status}`}
            data-message-id={row.id}
            aria-current={row.id === selectedId ? 'true' : undefined}
            onClick={() => onOpen(row.id)}
          >
            <span className="row-top">
              <span className="sender">{row.name}</span>
              <time dateTime={row.receivedAt} title={formatDateTime(row.receivedAt)}>
                {formatShort(row.receivedAt)}
              </time>
            </span>
            {row.subject === null ? (
              <span className="subject hidden">Subject hidden: processing restricted</span>
            ) : (
              <span className="subject">{row.subject}</span>
            )}
            <span className="row-meta">
              <span className={`badge ${row.status}`}>{statusLabels[row.status]}</span>
              {row.firstResponse && row.firstResponse.state !== 'answered' && (
                <span className={`clock ${row.firstResponse.state}`}>
                  {firstResponseLabel(row.firstResponse)}
                </span>
              )}
              {row.spamVerdict === 'possibly-spam' && (
                <span className="badge possibly-spam">{POSSIBLY_SPAM_LABEL}</span>
              )}
              {row.restricted && <span className="badge restricted">Restricted</span>}
              {row.source === 'email' && <span className="badge">By mail</span>}
              {row.dmarc === 'fail' && <span className="badge">{DMARC_FAILED_LABEL}</span>}
              {showsLanguageBadge(row.language) && (
                <span className="badge">{languageLabel(row.language)}</span>
              )}
              {showScore && row.spamScore !== null && (
                <span className="badge score">{pointsText(row.spamScore)}</span>
              )}
              {showSite && <span className="site">{siteLabel(row.siteKey)}</span>}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
