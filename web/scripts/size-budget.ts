/**
 * Size budget of the public pages: the JavaScript a browser loads before a page renders, gzip.
 *
 * Builds nothing: reads the Vite manifest of the last build (`web/dist/.vite/manifest.json`, `build.manifest`
 * in web/vite.config.ts). A page's initial JavaScript is the entry (index.html's script) with every chunk it
 * imports statically, plus the page's lazy route module (the `import()` in app/route-table.tsx) with every chunk that
 * one imports statically: what the browser fetches before the route's component can render. Chunks the page
 * loads later (`import()` on a click) do not count. Sizes are gzip level 9 of the built files, in kB (1000 bytes,
 * as Vite prints them).
 *
 *   npm run -s size:web            # builds the web, then runs this
 *   node --import tsx web/scripts/size-budget.ts [distDir]
 *
 * Exits 1 (with the page, its figure and its largest chunks) when a page is over its budget or a route module is
 * not in the manifest.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';

/**
 * One budget per public page; `module` is the file name of the route's lazy module (any folder). `kB` is the
 * limit the check enforces: the figure reached with a little room, lowered as pages get lighter (a ratchet).
 * Why each was raised, and what to win back first: docs/decisions/web.md, "Size budget". `targetKB` is the goal
 * (150 kB for a public page, 90 kB for the widget), printed until it is met; docs/performance.md says what stands
 * between.
 */
export const budgets = [
  { page: 'ladders list', url: '/webapps/ladders/en/', module: 'LaddersPage.tsx', kB: 140.2, targetKB: 150 },
  {
    page: 'standings',
    url: '/webapps/ladders/en/{id}',
    module: 'StandingsPage.tsx',
    kB: 144.2,
    targetKB: 150,
  },
  {
    page: 'matches',
    url: '/webapps/matches/en/?event=…',
    module: 'MatchesPage.tsx',
    kB: 151.9,
    targetKB: 150,
  },
  { page: 'widget', url: '/webapps/widget/en/?event=…', module: 'WidgetPage.tsx', kB: 150.8, targetKB: 90 },
  {
    page: 'tournaments',
    url: '/webapps/tournaments/en/{id}',
    module: 'tournaments-pages.ts',
    kB: 145.0,
    targetKB: 150,
  },
  { page: 'club TV', url: '/webapps/tv/en/{companyId}', module: 'ClubTvPage.tsx', kB: 135.6, targetKB: 150 },
] as const;

const chunkSchema = z.object({
  file: z.string(),
  src: z.string().optional(),
  isEntry: z.boolean().optional(),
  isDynamicEntry: z.boolean().optional(),
  imports: z.array(z.string()).optional(),
  dynamicImports: z.array(z.string()).optional(),
});
const manifestSchema = z.record(z.string(), chunkSchema);
export type Manifest = z.infer<typeof manifestSchema>;

export type PageSize = {
  page: string;
  url: string;
  budgetKB: number;
  targetKB: number;
  gzipKB: number;
  files: Array<{ file: string; gzipKB: number }>;
};

/** The manifest keys of `key` and of everything it imports statically, in load order, each once. */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the manifest has no chunk "${key}"`);
  return [...(chunk.imports ?? []).flatMap((child) => staticClosure(manifest, child, seen)), key];
}

/** The manifest key of the route module named `fileName` (exactly one, in any folder). */
export function routeModuleKey(manifest: Manifest, fileName: string): string {
  const keys = Object.keys(manifest).filter((key) => key === fileName || key.endsWith(`/${fileName}`));
  if (keys.length !== 1) {
    throw new Error(
      `${keys.length === 0 ? 'no' : 'more than one'} route module named ${fileName} in the manifest` +
        (keys.length ? ` (${keys.join(', ')})` : '') +
        ': if the page moved or was renamed, update `budgets` in web/scripts/size-budget.ts',
    );
  }
  return keys[0]!;
}

const kB = (bytes: number) => Math.round(bytes / 10) / 100;

/** The Vite manifest of the build in `distDir`, and the key of its one entry (index.html's script). */
export function readManifest(distDir: string): { manifest: Manifest; entry: string } {
  const manifestFile = path.join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestFile)) {
    throw new Error(`${manifestFile} is missing: build the web first (npm run -s build:web)`);
  }
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(manifestFile, 'utf8')));
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  if (entries.length !== 1)
    throw new Error(`expected one entry in the manifest, found ${entries.join(', ')}`);
  return { manifest, entry: entries[0]! };
}

/** The initial JavaScript of every budgeted page, measured on the build in `distDir`. */
export function measure(distDir: string, gzipSize: (file: string) => number): PageSize[] {
  const { manifest, entry } = readManifest(distDir);
  return budgets.map(({ page, url, module, kB: budgetKB, targetKB }) => {
    const seen = new Set<string>();
    const keys = [
      ...staticClosure(manifest, entry, seen),
      ...staticClosure(manifest, routeModuleKey(manifest, module), seen),
    ];
    const files = keys
      .map((key) => manifest[key]!.file)
      .filter((file) => file.endsWith('.js'))
      .map((file) => ({ file, bytes: gzipSize(path.join(distDir, file)) }));
    const total = files.reduce((sum, { bytes }) => sum + bytes, 0);
    return {
      page,
      url,
      budgetKB,
      targetKB,
      gzipKB: kB(total),
      files: files.map(({ file, bytes }) => ({ file, gzipKB: kB(bytes) })),
    };
  });
}

export const gzipFileSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

function main(): void {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const distDir = path.resolve(process.argv[2] ?? path.join(here, '../dist'));
  const sizes = measure(distDir, gzipFileSize);
  const over = sizes.filter((size) => size.gzipKB > size.budgetKB);
  for (const size of sizes) {
    const mark = size.gzipKB > size.budgetKB ? 'OVER' : 'ok';
    console.log(
      `${mark.padEnd(4)} ${size.page.padEnd(13)} ${size.gzipKB.toFixed(1).padStart(6)} kB gzip` +
        ` (budget ${size.budgetKB} kB${size.gzipKB > size.targetKB ? `, target ${size.targetKB} kB` : ''},` +
        ` ${size.files.length} files)  ${size.url}`,
    );
  }
  for (const size of over) {
    console.error(
      `\n${size.page} (${size.url}) loads ${size.gzipKB.toFixed(1)} kB gzip of JavaScript before it renders, ` +
        `over its budget of ${size.budgetKB} kB by ${(size.gzipKB - size.budgetKB).toFixed(1)} kB. Largest chunks:`,
    );
    for (const { file, gzipKB } of [...size.files].sort((a, b) => b.gzipKB - a.gzipKB).slice(0, 6)) {
      console.error(`  ${gzipKB.toFixed(1).padStart(6)} kB  ${file}`);
    }
  }
  if (over.length) {
    console.error(
      '\nLoad what the page does not need to render with import() (see docs/performance.md, "Initial JavaScript").',
    );
    process.exitCode = 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    console.error(`size budget: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
