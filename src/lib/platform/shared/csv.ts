// CSV as spreadsheets read it (RFC 4180): cells separated by commas, rows ended by CRLF, a cell
// holding a comma, a double quote or a line break put in double quotes (its quotes doubled). A text
// cell that starts with = + - @, a tab or a carriage return would be run by a spreadsheet as a
// formula, so it is prefixed with a single quote and read as text; a plain number ("-16.04") is
// left as it is, so a negative amount stays a number.

/** The byte-order mark that makes Excel read the file as UTF-8 (accents, €). */
export const CSV_BOM = '\uFEFF';

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One row, CRLF included. */
export const csvRow = (cells: readonly string[]): string => `${cells.map(csvCell).join(',')}\r\n`;
