/**
 * One CSV row (RFC 4180). Cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR)
 * get a leading apostrophe, so an exported message can never execute in Excel or LibreOffice.
 */
export function csvRow(cells: readonly unknown[]): string {
  return cells
    .map((cell) => {
      let text = cell === null || cell === undefined ? '' : String(cell);
      if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
      return /[",\r\n']/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(',');
}

/** A whole CSV document: a BOM so spreadsheets read UTF-8, CRLF line ends. */
export function csvDocument(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return `\uFEFF${[header, ...rows].map(csvRow).join('\r\n')}\r\n`;
}
