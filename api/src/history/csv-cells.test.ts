import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, guardFormulas } from './csv-cells.ts';

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The cells a spreadsheet may read from a line, whatever it takes for the separator and whether or not it honours
 * quotes: the line split on each separator in turn, each piece past the quotes and spaces a reader may skip.
 */
function cellsAsRead(line: string): string[] {
  const body = line.replace(/\r\n$/, '');
  return [',', ';', '\t', '\r', '\n'].flatMap((separator) =>
    body.split(separator).map((piece) => piece.replace(/^[ "]*/, '')),
  );
}

describe('CSV cells (DESIGN.md §19 "Exports"): no cell a spreadsheet reads is a formula, whatever the separator', () => {
  it('guards a formula at the start of a cell, as before', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(guardFormulas(`${start}1+1`)).toBe(`'${start}1+1`);
    }
    expect(csvCell('=HYPERLINK("http://evil.test","x")')).toBe('"\'=HYPERLINK(""http://evil.test"",""x"")"');
    expect(csvCell('Ann Ace')).toBe('Ann Ace');
    expect(csvCell('6-4 6-3')).toBe('6-4 6-3');
  });

  it('guards a formula after a ";" (Dutch Excel), a comma, a tab or a line break inside the cell', () => {
    expect(csvCell('Bob;=HYPERLINK("http://evil.test")')).toBe('"Bob;\'=HYPERLINK(""http://evil.test"")"');
    expect(guardFormulas('Bob;=1+1')).toBe("Bob;'=1+1");
    expect(guardFormulas('Bob; =1+1')).toBe("Bob; '=1+1");
    expect(guardFormulas('Bob;"=1+1"')).toBe('Bob;"\'=1+1"');
    expect(guardFormulas('Bob,@SUM(A1)')).toBe("Bob,'@SUM(A1)");
    expect(guardFormulas('Bob\t+1')).toBe("Bob\t'+1");
    expect(guardFormulas('Bob\n-1')).toBe("Bob\n'-1");
    // What is no formula stays as it was.
    expect(guardFormulas('Ann; Bob, Cy')).toBe('Ann; Bob, Cy');
  });

  it('a line of any cells: no piece of it, split on any separator, starts with a formula unguarded', () => {
    const tricky = fc.constantFrom(
      '=',
      '+',
      '-',
      '@',
      '\t',
      '\r',
      '\n',
      ',',
      ';',
      '"',
      ' ',
      "'",
      'a',
      '1',
      '(',
    );
    const cell = fc.array(tricky, { maxLength: 12 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(fc.array(fc.oneof(cell, fc.string()), { minLength: 1, maxLength: 5 }), (cells) => {
        for (const piece of cellsAsRead(csvLine(cells))) {
          expect(piece, JSON.stringify(cells)).not.toMatch(FORMULA_START);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
