/**
 * What a spreadsheet reads as a formula at the start of a cell: `=`, `+`, `-`, `@`, a tab or a carriage return
 * (DESIGN.md §19 "Exports").
 */
const FORMULA_START = /[=+\-@\t\r]/;

/**
 * Where a cell may begin when a spreadsheet opens the file with a separator of its own choosing: the start of our
 * cell, or after any `,`, `;` (Dutch and German Excel), tab or line break inside it, past quotes and spaces a
 * reader may skip there. A formula start in such a place gets an apostrophe in front of it.
 */
const CELL_STARTS = new RegExp(`(?<=^|[,;\\t\\r\\n])([ "]*)(?=${FORMULA_START.source})`, 'g');

/**
 * The text of a cell with every place a spreadsheet may begin a cell guarded against formulas. The separator is
 * looked behind, not taken, since a tab or carriage return is both a separator and a formula start ("\t=").
 */
export function guardFormulas(value: string): string {
  return value.replace(CELL_STARTS, "$1'");
}

/**
 * A CSV cell (RFC 4180): guarded against formulas whatever separator opens the file (DESIGN.md §19), then quoted
 * when it holds a quote, comma or line break.
 */
export function csvCell(value: string): string {
  const safe = guardFormulas(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV line of cells, ended by CRLF. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
