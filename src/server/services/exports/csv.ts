// CSV cells for spreadsheets: RFC 4180 quoting, and no cell a spreadsheet would run as a formula.

// = + - @ start a formula in Excel, LibreOffice and Sheets; tab and CR do too in some of them.
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let s = typeof value === "string" ? value : typeof value === "object" && !(value instanceof Date) ? JSON.stringify(value) : value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvRow = (cells: readonly unknown[]) => `${cells.map(csvCell).join(",")}\r\n`;
