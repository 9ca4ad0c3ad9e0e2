import { readFileSync, readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const serverOnlyPackages = ['kafkajs', 'pg', 'node-pg-migrate', '@courtside/eventlog'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((match) => match[1]!);
}

function isServerOnly(specifier: string): boolean {
  if (specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]!)) return true;
  return serverOnlyPackages.some((name) => specifier === name || specifier.startsWith(`${name}/`));
}

/** The web's dependencies, followed through the workspace packages it depends on. */
function dependencyClosure(packageDir: string, seen = new Set<string>()): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(root, packageDir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    if (seen.has(name)) continue;
    seen.add(name);
    if (name.startsWith('@courtside/')) dependencyClosure(name.slice('@courtside/'.length), seen);
  }
  return seen;
}

describe('the browser imports only browser-safe code', () => {
  it('web depends on neither kafkajs nor pg, not even through a workspace package', () => {
    const closure = [...dependencyClosure('web')];
    expect(closure).toContain('@courtside/events');
    expect(closure.filter((name) => serverOnlyPackages.includes(name))).toEqual([]);
  });

  it('the domain package and the web sources import no node builtin and no server-only package', () => {
    const offenders = [
      ...sourceFiles(path.join(root, 'events/src')),
      ...sourceFiles(path.join(root, 'web/src')),
    ]
      .flatMap((file) => importsOf(file).map((specifier) => ({ file: path.relative(root, file), specifier })))
      .filter(({ specifier }) => isServerOnly(specifier));
    expect(offenders).toEqual([]);
  });

  it('the check itself sees a server-only import', () => {
    expect(isServerOnly('node:crypto')).toBe(true);
    expect(isServerOnly('crypto')).toBe(true);
    expect(isServerOnly('@courtside/eventlog/log/port')).toBe(true);
    expect(isServerOnly('pg')).toBe(true);
    expect(isServerOnly('@courtside/events/matches/scoring')).toBe(false);
    expect(isServerOnly('zod')).toBe(false);
  });
});
