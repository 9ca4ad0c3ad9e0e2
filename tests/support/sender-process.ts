import { fork, type ChildProcess } from 'node:child_process';

/**
 * A sender in a process of its own (a script of tests/support that says `ready` over IPC once it runs), so that a
 * test can kill it with SIGKILL while something is on its way.
 */
export function forkSender(script: string, env: Record<string, string>): Promise<ChildProcess> {
  const child = fork(script, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`sender process exited with ${code}`)));
  });
}
