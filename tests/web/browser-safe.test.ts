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

/**
 * The web's layout rule (web/README.md): a feature imports shared code (components, hooks, lib,
 * stores, locales) and itself, never another feature and never the app. What a feature shows of
 * another one is handed over by app/router.tsx.
 */
function layoutOffences(file: string, specifiers: string[]): string[] {
  const features = path.join(root, 'web/src/features');
  const app = path.join(root, 'web/src/app');
  const own = path.relative(features, file).split(path.sep)[0]!;
  return specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .filter((specifier) => {
      const target = path.resolve(path.dirname(file), specifier);
      const inFeatures = path.relative(features, target);
      const otherFeature = !inFeatures.startsWith('..') && inFeatures.split(path.sep)[0] !== own;
      return otherFeature || !path.relative(app, target).startsWith('..');
    });
}

describe('the web’s features stand alone', () => {
  it('no feature imports another feature or the app (tests included)', () => {
    const files = readdirSync(path.join(root, 'web/src/features'), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name));
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.flatMap((file) =>
      layoutOffences(file, importsOf(file)).map((specifier) => ({
        file: path.relative(root, file),
        specifier,
      })),
    );
    expect(offenders).toEqual([]);
  });

  it('the check itself sees a feature importing another one or the app', () => {
    const file = path.join(root, 'web/src/features/manager/components/SeasonManager.tsx');
    expect(
      layoutOffences(file, [
        '../../matches/components/SeasonMatchesTab',
        '../../../app/routes/guard-loader',
        '../hooks/useSeasonMatchesTab',
        './ParticipantsTab',
        '../../../lib/http',
        'react',
      ]),
    ).toEqual(['../../matches/components/SeasonMatchesTab', '../../../app/routes/guard-loader']);
  });
});
