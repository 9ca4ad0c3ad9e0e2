import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every source file of the web app's pages (not tests). */
async function pageSources(dir = path.resolve('web/src')): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return pageSources(full);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
    }),
  );
  return files.flat();
}

describe('dates on pages are written one way (DESIGN.md §19 "Dates")', () => {
  it('no page writes a date with the browser’s own format or a pattern of its own: lib/dates formatDay/formatMoment', async () => {
    const offenders: string[] = [];
    for (const file of await pageSources()) {
      if (file.endsWith(path.join('lib', 'dates.ts'))) continue;
      const text = await readFile(file, 'utf8');
      // The browser's formats differ by browser and locale ("11/28/2026"); a pattern of its own ("EEE d MMM")
      // writes a page's dates unlike the others'.
      const foreign =
        /toLocale(Date|Time)String\(|Date\([^)]*\)\.toLocaleString\(|Intl\.DateTimeFormat|\bformatDate\(/;
      if (foreign.test(text)) {
        const lines = text.split('\n').filter((line) => foreign.test(line));
        offenders.push(...lines.map((line) => `${path.relative(process.cwd(), file)}: ${line.trim()}`));
      }
    }
    expect(offenders).toEqual([]);
  });
});
