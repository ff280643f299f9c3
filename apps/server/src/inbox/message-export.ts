import type { ExportFormat, SpamReason } from '@site/api-contract';
import { csvDocument } from '../csv.js';
import type { MessageRow } from '../db/types.js';
import { shownVerdict } from '../spam/message-verdict.js';
import { readReasons } from '../spam/reason-details.js';
import { visitSourceColumns } from '../analytics/visit-source.js';

/** The fields an export carries, in the order it carries them. */
export const exportColumns = [
  'id',
  'received_at',
  'name',
  'email',
  'subject',
  'message',
  'marketing_consent',
  'consent_at',
  'site_key',
  'language',
  'spam_verdict',
  'spam_score',
  'spam_reasons',
  ...visitSourceColumns,
] as const;

export type ExportRow = { [column in (typeof exportColumns)[number]]: unknown } & {
  spam_reasons: SpamReason[];
};

/** The reasons in one spreadsheet cell: `signal +points: why`, weightiest first. */
const reasonsCell = (reasons: readonly SpamReason[]) =>
  reasons
    .map(({ signal, points, detail }) => `${signal} ${points > 0 ? '+' : ''}${points}: ${detail}`)
    .join('; ');

/** Messages as a download for a spreadsheet (CSV that never runs a formula) or for a program (JSON). */
export function exportDocument(rows: readonly ExportRow[], format: ExportFormat): string {
  if (format === 'json') return `${JSON.stringify(rows, null, 2)}\n`;
  return csvDocument(
    exportColumns,
    rows.map((row) =>
      exportColumns.map((column) =>
        column === 'spam_reasons' ? reasonsCell(row.spam_reasons) : row[column],
      ),
    ),
  );
}

/**
 * The export columns of a stored message, in their order: the verdict it shows (an operator's mark,
 * otherwise the filter's) and the filter's reasons in words.
 */
export function exportRow(row: MessageRow): ExportRow {
  const cells: Record<string, unknown> = Object.fromEntries(
    exportColumns.map((column) => [column, row[column]]),
  );
  return {
    ...cells,
    spam_verdict: shownVerdict(row),
    spam_reasons: readReasons(row.spam_reasons),
  } as ExportRow;
}
