import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('./courtside-process.ts', import.meta.url));

/**
 * Starts Courtside in a process of its own (`courtside-process.ts`) with the role and environment given, and waits
 * until it serves; `onForked` gets the child at once (to kill it at cleanup, whatever happens next).
 */
export async function startCourtsideProcess(
  role: 'api' | 'projector' | 'both',
  env: Record<string, string>,
  onForked: (child: ChildProcess) => void,
): Promise<{ child: ChildProcess; url: string | undefined }> {
  const child = fork(script, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env, COURTSIDE_ROLE: role },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  onForked(child);
  const [message] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(([code]) => Promise.reject(new Error(`${role} process exited with ${code}`))),
  ])) as [{ url?: string }];
  return { child, url: message.url };
}

/** Kills a process as a crash would (SIGKILL) and waits until it is gone. */
export async function killProcess(child: ChildProcess): Promise<void> {
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}
