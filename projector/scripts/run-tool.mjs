// Runs a command-line tool (`npm run replay`, `npm run verify`) from compiled JavaScript: node with tsx took 1.6 s
// or more to load the TypeScript of every projection, most of a small club's replay. The tool's sources are bundled
// with esbuild into projector/dist/tools/<hash of the sources>/ (node_modules left outside), so a bundle is found
// only under the hash of the sources as they are now and a stale one never runs: the first run after a change pays
// the build (about a second), later runs start from the bundle.
//
//   node projector/scripts/run-tool.mjs <replay-cli|verify-cli> [the tool's arguments]
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tools = ['replay-cli', 'verify-cli'];
const outRoot = path.join(root, 'projector', 'dist', 'tools');
const inputsFile = path.join(outRoot, 'inputs.json');
/**
 * What a build depends on besides the modules it bundled (those are listed by the last build): this script, the
 * package manifests whose `exports` resolve `@courtside/*`, the compiler options, and the locked dependencies.
 */
const fixedInputs = [
  'projector/scripts/run-tool.mjs',
  'events/package.json',
  'eventlog/package.json',
  'projector/package.json',
  'package.json',
  'tsconfig.json',
  'tsconfig.base.json',
  'package-lock.json',
];

/** The sources' hash, or undefined when one of them is gone (a build then finds out what they are now). */
function sourceHash(files) {
  const hash = createHash('sha256');
  for (const file of [...fixedInputs, ...files].sort()) {
    const absolute = path.join(root, file);
    if (!existsSync(absolute)) return undefined;
    hash.update(`${file}\0`);
    hash.update(readFileSync(absolute));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 20);
}

/** The last build's modules (paths from the repository's root), empty before the first build. */
function lastInputs() {
  try {
    return JSON.parse(readFileSync(inputsFile, 'utf8'));
  } catch {
    return [];
  }
}

/**
 * Bundles every tool into a new folder, then renames it to its hash (two runs building at once do not see each
 * other's half-written files), and records which modules went in.
 */
async function build() {
  // esbuild only when building: loading it is part of no other run.
  const esbuild = await import('esbuild');
  mkdirSync(outRoot, { recursive: true });
  const temporary = path.join(outRoot, `.build-${process.pid}-${Date.now()}`);
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(tools.map((tool) => [tool, `projector/src/${tool}.ts`])),
    outdir: temporary,
    bundle: true,
    // Shared modules in chunks, and a dynamic import stays one: kafkajs loads only when the log is Kafka.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outExtension: { '.js': '.mjs' },
    metafile: true,
    // The CommonJS packages in the bundle (pg, pino) require node's modules: ESM has no `require` of its own.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
    plugins: [dependencies, pgOnNode, moduleUrls(temporary)],
  });
  // The packages' files are left out: package-lock.json stands for them, a workspace's are symlinked sources.
  const inputs = Object.keys(result.metafile.inputs).filter((file) => !file.startsWith('node_modules/'));
  const hash = sourceHash(inputs);
  const target = path.join(outRoot, hash);
  if (existsSync(target)) rmSync(temporary, { recursive: true, force: true });
  else renameSync(temporary, target);
  writeFileSync(inputsFile, `${JSON.stringify(inputs, null, 1)}\n`);
  // The bundles of older sources are never run again.
  for (const name of readdirSync(outRoot)) {
    if (name !== hash && name !== 'inputs.json' && !name.startsWith('.build-'))
      rmSync(path.join(outRoot, name), { recursive: true, force: true });
  }
  return target;
}

/**
 * The packages a run loads are bundled with the sources: node found, read and compiled zod's, pino's and pg's
 * files one by one (about 0.1 s of processor time of every start; date-fns's entry alone loaded every one of its
 * functions, 0.5 s at a load of 15). Left outside: what only some runs load (kafkajs where the log is Kafka,
 * node-pg-migrate where migrations are left to run) and pg's optional packages, which are not installed.
 */
const external = /^(node:|kafkajs$|node-pg-migrate($|\/)|pg-native$|pg-cloudflare$)/;
const dependencies = {
  name: 'dependencies',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      external.test(args.path) ? { path: args.path, external: true } : undefined,
    );
  },
};

/**
 * pg asks whether it runs in a Cloudflare Worker by making a fetch `Response`, which loads node's fetch (undici:
 * 20–40 ms of every start); a bundle for node never runs in one.
 */
const pgOnNode = {
  name: 'pg-on-node',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]node_modules[\\/]pg[\\/]lib[\\/]stream\.js$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replace(
        'function isCloudflareRuntime() {',
        'function isCloudflareRuntime() {\n  return false;',
      ),
      loader: 'js',
    }));
  },
};

/**
 * `import.meta.url` as the module's own file, not the bundle's: the projections find their migrations beside
 * them. Written relative to the bundle, so the repository can move.
 */
function moduleUrls(outdir) {
  return {
    name: 'module-urls',
    setup(builder) {
      builder.onLoad({ filter: /\.ts$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const relative = path.relative(outdir, args.path).split(path.sep).join('/');
        return {
          contents: source.replaceAll(
            'import.meta.url',
            `new URL(${JSON.stringify(relative)}, import.meta.url).href`,
          ),
          loader: 'ts',
        };
      });
    },
  };
}

const [tool, ...args] = process.argv.slice(2);
if (!tools.includes(tool)) {
  process.stderr.write(`usage: run-tool.mjs <${tools.join('|')}> [arguments]\n`);
  process.exit(2);
}
const hash = sourceHash(lastInputs());
const fresh = hash !== undefined && existsSync(path.join(outRoot, hash, `${tool}.mjs`));
const folder = fresh ? path.join(outRoot, hash) : await build();
// The tool reads its arguments from process.argv as when it is run on its own.
process.argv.splice(2, process.argv.length - 2, ...args);
await import(pathToFileURL(path.join(folder, `${tool}.mjs`)).href);
