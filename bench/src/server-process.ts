/**
 * Courtside as deployed, in a child process of its own: `api/src/main.ts` with a role (`all` is `npm start`). Used by
 * the benches that measure the deployment shape (bench:live, bench:reads with --api-processes).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { READY_PATH } from '@courtside/events/api-paths';
import { type Cleanups, withTimeout } from './services.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Starts `api/src/main.ts` on 127.0.0.1 with `env` on top of this process's environment (an empty value unsets a
 * variable, e.g. KAFKA_BROKERS='' for the embedded log) and resolves once it answers READY_PATH (a projector on its
 * own serves no HTTP: at once). Stopped by `cleanups`.
 */
export async function startServerProcess(
  cleanups: Cleanups,
  env: Record<string, string>,
  nodeFlags: string[] = [],
  role: 'all' | 'api' | 'projector' = 'all',
): Promise<ServerProcess> {
  const port = await freePort();
  const roleArgs = role === 'all' ? [] : [`--role=${role}`];
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', 'api/src/main.ts', ...roleArgs], {
    cwd: repoRoot,
    env: Object.fromEntries(
      Object.entries({
        ...process.env,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      }).filter(([, value]) => value !== ''),
    ),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  cleanups.add('stop the server', async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await withTimeout(exited, 20_000, 'server stop').catch(() => child.kill('SIGKILL'));
  });
  const url = `http://127.0.0.1:${port}`;
  // A projector on its own serves no HTTP: the api processes' readiness waits for it.
  if (role === 'projector') return { url, child };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ready = await fetch(`${url}${READY_PATH}`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, child };
    if (Date.now() > deadline) throw new Error('the server did not become ready in 120 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
