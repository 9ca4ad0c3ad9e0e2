import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ChildMessage, ParentMessage } from './live-viewer-process.ts';
import { type Cleanups, withTimeout } from './services.ts';

/** A process of socket.io viewers (live-viewer-process.ts), forked with IPC, asked and answered by message. */
export class ViewerProcess {
  private readonly child: ChildProcess;
  private readonly waiting = new Map<ChildMessage['type'], (message: ChildMessage) => void>();
  private failure: Error | undefined;
  readonly exited: Promise<void>;

  constructor(cleanups: Cleanups) {
    this.child = fork(fileURLToPath(new URL('./live-viewer-process.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    this.exited = new Promise((resolve) => this.child.once('exit', () => resolve()));
    this.child.on('message', (message: ChildMessage) => {
      if (message.type === 'error') this.failure = new Error(`viewer process: ${message.message}`);
      const waiter = this.waiting.get(message.type);
      this.waiting.delete(message.type);
      waiter?.(message);
    });
    cleanups.add('stop a viewer process', async () => {
      if (this.child.exitCode === null) this.child.kill('SIGTERM');
      await this.exited;
    });
  }

  get pid(): number {
    return this.child.pid!;
  }

  ask<T extends ChildMessage['type']>(
    message: ParentMessage,
    answer: T,
    timeoutMs: number,
  ): Promise<Extract<ChildMessage, { type: T }>> {
    const answered = new Promise<Extract<ChildMessage, { type: T }>>((resolve, reject) => {
      this.waiting.set(answer, (reply) => resolve(reply as Extract<ChildMessage, { type: T }>));
      this.waiting.set('error', () => reject(this.failure));
    });
    this.child.send(message);
    return withTimeout(answered, timeoutMs, `viewer process: ${message.type}`);
  }
}
