/** A cell a spreadsheet would run as a formula: =, +, - or @ first, also after spaces, controls or quotes; tab or CR first. */
const formulaStart = /^(?=[\t\r]|[\p{Cc}\s"]*[=+\-@])/u;

/**
 * The same after a character some spreadsheet splits cells or rows on (a spreadsheet set to `;` reads
 * `"a;=cmd"` as the cells `"a` and `=cmd"`, quotes or not).
 */
const formulaAfterSplit = /([,;|\t\r\n][\p{Cc}\s"]*)(?=[=+\-@])/gu;

/** An apostrophe before each formula start, so the text shows as typed and never runs. */
const neutralise = (text: string) => text.replace(formulaAfterSplit, "$1'").replace(formulaStart, "'");

/**
 * One CSV row (RFC 4180), every cell quoted, so an exported message can never execute in Excel or
 * LibreOffice, whichever delimiter they split on.
 */
export function csvRow(cells: readonly unknown[]): string {
  return cells
    .map((cell) => {
      const text = cell === null || cell === undefined ? '' : String(cell);
      return `"${neutralise(text).replace(/"/g, '""')}"`;
    })
    .join(',');
}

/** A whole CSV document: a BOM so spreadsheets read UTF-8, CRLF line ends. */
export function csvDocument(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return `\uFEFF${[header, ...rows].map(csvRow).join('\r\n')}\r\n`;
}
