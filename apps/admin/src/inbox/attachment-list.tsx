import { adminApiPaths } from '@site/api-contract/constants';
import type { Attachment } from '@site/api-contract';

const sizeFormat = new Intl.NumberFormat('en', { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });

/**
 * The files a mail carried, each a download link (the server sends them only as downloads, never to be
 * opened in the inbox's page).
 */
export function AttachmentList({ attachments }: { attachments: Attachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <ul className="attachments" aria-label="Attachments">
      {attachments.map((file) => (
        <li key={file.seq}>
          <a href={`${adminApiPaths.attachments}/${file.seq}`} download={file.fileName}>
            {file.fileName}
          </a>{' '}
          <span className="size">({sizeFormat.format(Math.max(1, Math.ceil(file.size / 1000)))})</span>
        </li>
      ))}
    </ul>
  );
}
