/**
 * `npm run check` fails on a tracker number in a file git tracks or would track (not ignored) (the rule and its pattern: ./tracker-numbers.ts).
 * Run from the repository's root: `node --import tsx infra/checks/no-tracker-numbers.ts`.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import process from 'node:process';
import { isCheckedFile, trackerNumbersIn } from './tracker-numbers.ts';

const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
})
  .split('\0')
  .filter((path) => path !== '' && isCheckedFile(path));

let count = 0;
for (const path of files) {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    continue; // deleted in the work tree, not yet in the index
  }
  for (const found of trackerNumbersIn(text)) {
    count += 1;
    console.error(`${path}:${found.line}:${found.column}: tracker number "${found.text}"`);
  }
}
if (count > 0) {
  console.error(`${count} tracker number(s): name the behaviour or the DESIGN.md section instead.`);
  process.exit(1);
}
