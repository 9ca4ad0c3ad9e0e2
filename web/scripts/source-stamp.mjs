// Whether web/dist was built from the sources as they are now: `write` records their hash in dist after a build,
// `fresh` exits 0 when it still matches. CI's checks build the app (size budgets) and the tests' setup would build
// it again from the same files; with this it builds once.
import { createHash } from 'node:crypto';
import process from 'node:process';
import { readdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(web, '..');
const stampFile = path.join(web, 'dist', '.source-hash');
/** What the build reads: the app, the shared events package it imports, and the locked dependencies. */
const inputs = [
  'web/index.html',
  'web/vite.config.ts',
  'web/package.json',
  'web/tsconfig.json',
  'web/src',
  'web/public',
  'events/src',
  'events/package.json',
  'package-lock.json',
];

function filesBelow(relative) {
  const absolute = path.join(root, relative);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [relative];
  return readdirSync(absolute)
    .sort()
    .flatMap((name) => filesBelow(path.join(relative, name)));
}

function sourceHash() {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(filesBelow)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const command = process.argv[2];
if (command === 'write') {
  writeFileSync(stampFile, `${sourceHash()}\n`);
} else if (command === 'fresh') {
  const stamped = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
  process.exit(stamped === sourceHash() ? 0 : 1);
} else {
  process.stderr.write('usage: source-stamp.mjs write|fresh\n');
  process.exit(2);
}
