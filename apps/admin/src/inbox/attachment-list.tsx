import { adminEndpoints, adminPath } from '@site/api-contract/constants';
import type { Attachment } from '../api/conversations.ts';

const sizeFormat = new Intl.NumberFormat('en', { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });

/** A file's download: a restricted person's carries the grant of the reveal that showed its name. */
const downloadPath = (seq: number, revealGrant: string | null) =>
  `${adminPath(adminEndpoints.attachment, { seq })}${revealGrant ? `?${new URLSearchParams({ reveal: revealGrant })}` : ''}`;

/**
 * The files a mail carried, each a download link (the server sends them only as downloads, never to be
 * opened in the inbox's page). A restricted person's files are listed without name or link until revealed.
 */
export function AttachmentList({
  attachments,
  revealGrant = null,
}: {
  attachments: Attachment[];
  revealGrant?: string | null;
}) {
  if (attachments.length === 0) return null;
  return (
    <ul className="attachments" aria-label="Attachments">
      {attachments.map((file) => (
        <li key={file.seq}>
          {file.fileName === null ? (
            <span className="hidden-name">A file, its name hidden</span>
          ) : (
            <a href={downloadPath(file.seq, revealGrant)} download={file.fileName}>
              {file.fileName}
            </a>
          )}{' '}
          <span className="size">({sizeFormat.format(Math.max(1, Math.ceil(file.size / 1000)))})</span>
        </li>
      ))}
    </ul>
  );
}
