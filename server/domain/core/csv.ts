// CSV for spreadsheets (RFC 4180): every cell quoted, quotes doubled, lines ended by CRLF. A cell that
// a spreadsheet would run as a formula (=, +, -, @, and tab or carriage return before them) gets a
// leading apostrophe, so an e-mail address like "=HYPERLINK(…)@x.se" stays text (OWASP's CSV injection).

const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '""';
  const text = String(value);
  const safe = typeof value === "string" && formulaStart.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/**
 * A whole document: a byte order mark first, so that Excel reads the file as UTF-8 (å, ä, ö), then
 * the header line and the rows.
 */
export function csvDocument(
  header: readonly string[],
  rows: readonly (readonly (string | number | null | undefined)[])[],
): string {
  return `\uFEFF${csvLine(header)}${rows.map(csvLine).join("")}`;
}
