import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { measure, routeModuleKey, staticClosure, type Manifest } from '../../web/scripts/size-budget.ts';

/** A build as Vite's manifest describes it: index.html → entry, each page a lazy route module. */
const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'], dynamicImports: [] },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_vendor.js'] },
  '_later.js': { file: 'assets/later.js' },
  'src/features/ladders/components/LaddersPage.tsx': {
    file: 'assets/LaddersPage.js',
    isDynamicEntry: true,
    imports: ['_shared.js', '_vendor.js'],
    dynamicImports: ['_later.js'],
  },
  'src/features/ladders/components/StandingsPage.tsx': { file: 'assets/StandingsPage.js', imports: [] },
  'src/features/matches/components/MatchesPage.tsx': {
    file: 'assets/MatchesPage.js',
    imports: ['_shared.js'],
  },
  'src/features/matches/routes/WidgetPage.tsx': { file: 'assets/WidgetPage.js' },
  'src/features/tournaments/routes/tournaments-pages.ts': { file: 'assets/tournaments-pages.js' },
  'src/features/tv/components/ClubTvPage.tsx': { file: 'assets/ClubTvPage.js' },
};

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('size budget (web/scripts/size-budget.ts)', () => {
  it('counts the entry and the static imports of the route module once each, and not what the page imports later', () => {
    const seen = new Set<string>();
    const keys = [
      ...staticClosure(manifest, 'index.html', seen),
      ...staticClosure(manifest, 'src/features/ladders/components/LaddersPage.tsx', seen),
    ];
    expect(keys).toEqual([
      '_vendor.js',
      'index.html',
      '_shared.js',
      'src/features/ladders/components/LaddersPage.tsx',
    ]);
  });

  it('finds a route module in any folder and says what to do when it is missing', () => {
    expect(routeModuleKey(manifest, 'WidgetPage.tsx')).toBe('src/features/matches/routes/WidgetPage.tsx');
    expect(() => routeModuleKey(manifest, 'GonePage.tsx')).toThrow(/update `budgets`/);
  });

  it('measures each page on a build and reports one over its limit', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'size-budget-'));
    await mkdir(path.join(dir, '.vite'), { recursive: true });
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
    const fakeSizes: Record<string, number> = {
      'index.js': 100_000,
      'vendor.js': 40_000,
      'shared.js': 30_000,
      'LaddersPage.js': 5_000,
      'later.js': 500_000,
    };
    const sizes = measure(dir, (file) => fakeSizes[path.basename(file)] ?? 1_000);
    const ladders = sizes.find((size) => size.page === 'ladders list');
    expect(ladders?.gzipKB).toBe(175);
    expect(ladders!.gzipKB).toBeGreaterThan(ladders!.targetKB);
    expect(sizes.find((size) => size.page === 'widget')?.gzipKB).toBe(141);
  });

  it('fails clearly when there is no build', () => {
    expect(() => measure(path.join(tmpdir(), 'no-such-build'), () => 0)).toThrow(/build the web first/);
  });
});
