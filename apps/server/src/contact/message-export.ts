import type { ExportFormat } from '@site/api-contract';
import { csvDocument } from '../csv.js';

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
] as const;

export type ExportRow = { [column in (typeof exportColumns)[number]]: unknown };

/** Messages as a download for a spreadsheet (CSV that never runs a formula) or for a program (JSON). */
export function exportDocument(rows: readonly ExportRow[], format: ExportFormat): string {
  if (format === 'json') return `${JSON.stringify(rows, null, 2)}\n`;
  return csvDocument(
    exportColumns,
    rows.map((row) => exportColumns.map((column) => row[column])),
  );
}

/** The export columns of a stored message, in their order. */
export const exportRow = (row: ExportRow): ExportRow =>
  Object.fromEntries(exportColumns.map((column) => [column, row[column]])) as ExportRow;
