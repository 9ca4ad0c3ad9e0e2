import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { DEV_CLOCK_PATH } from '@courtside/events/api-paths';
import { createBackend, startTestCourtside } from '../support/courtside.ts';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const mailbox = '/webapps/api/dev/mailbox?to=anyone%40example.test';

/** Runs the real entry point as a deployment would (no NODE_ENV), until it exits or starts listening. */
async function runEntryPoint(env: Record<string, string>): Promise<{ outcome: string; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts', '--role=api'], {
    cwd: repositoryRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listening = new Promise<string>((resolve) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('api listening')) resolve('listening');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
  });
  const exited = once(child, 'exit').then(([code]) => `exit ${String(code)}`);
  const outcome = await Promise.race([listening, exited]);
  if (outcome === 'listening') {
    child.kill('SIGTERM');
    await exited;
  }
  return { outcome, output };
}

describe('production is the default', () => {
  it('refuses to start the api without MAIL_URL when development is not asked for, and says why', async () => {
    const { databaseUrl } = await createBackend('embedded');

    const run = await runEntryPoint({ DATABASE_URL: databaseUrl });

    expect(run.outcome).toBe('exit 1');
    expect(run.output).toContain('MAIL_URL is required in production');
  });

  it('refuses to start the api without PUBLIC_URL in production, and says why: links in mails come from it alone', async () => {
    const { databaseUrl } = await createBackend('embedded');

    const run = await runEntryPoint({ DATABASE_URL: databaseUrl, MAIL_URL: 'smtp://127.0.0.1:2525' });

    expect(run.outcome).toBe('exit 1');
    expect(run.output).toContain('PUBLIC_URL is required in production');
  });

  it('refuses to start the api without the VAPID keys in production, and says why (DESIGN.md §17)', async () => {
    const { databaseUrl } = await createBackend('embedded');

    const run = await runEntryPoint({
      DATABASE_URL: databaseUrl,
      MAIL_URL: 'smtp://127.0.0.1:2525',
      PUBLIC_URL: 'https://ladders.example.test',
    });

    expect(run.outcome).toBe('exit 1');
    expect(run.output).toContain('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required in production');
  });

  it('refuses to start the api or the notifier in production without the VAPID keys when started as a library too', async () => {
    const backend = await createBackend('embedded');
    for (const roles of [{}, { runApi: false, runProjector: false, runNotifier: true }]) {
      const started = startTestCourtside(backend, {
        mode: 'production',
        mailUrl: 'smtp://127.0.0.1:2525',
        publicUrl: 'https://ladders.example.test',
        ...roles,
      });
      void started.then((courtside) => courtside.stop()).catch(() => undefined);

      await expect(started).rejects.toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required/);
    }
  });

  it('refuses to start in production without a public address when started as a library too', async () => {
    const backend = await createBackend('embedded');

    const started = startTestCourtside(backend, { mode: 'production', mailUrl: 'smtp://127.0.0.1:2525' });
    void started.then((courtside) => courtside.stop()).catch(() => undefined);

    await expect(started).rejects.toThrow(/PUBLIC_URL is required in production/);
  });

  it('refuses to start in production without a mail server when started as a library too', async () => {
    const backend = await createBackend('embedded');

    const started = startTestCourtside(backend, { mode: 'production' });
    // Stop it should it start after all, so a failure does not leave a server running.
    void started.then((courtside) => courtside.stop()).catch(() => undefined);

    await expect(started).rejects.toThrow(/MAIL_URL is required in production/);
  });

  it('has the dev outbox and the dev clock only in development: not in production, not with a real mail server', async () => {
    const backend = await createBackend('embedded');
    const answers: Record<string, number> = {};
    const clockAnswers: Record<string, number> = {};
    for (const [name, overrides] of [
      [
        'production',
        {
          mode: undefined,
          mailUrl: 'smtp://courtside:secret@127.0.0.1:2525',
          publicUrl: 'https://ladders.example.test',
          vapid: webpush.generateVAPIDKeys(),
        },
      ],
      ['development with SMTP', { mode: 'development', mailUrl: 'smtp://courtside:secret@127.0.0.1:2525' }],
      ['development', { mode: 'development' }],
    ] as const) {
      const courtside = await startTestCourtside(backend, { runProjector: false, ...overrides });
      try {
        answers[name] = (await fetch(`${courtside.url}${mailbox}`)).status;
        clockAnswers[name] = (await fetch(`${courtside.url}${DEV_CLOCK_PATH}`)).status;
      } finally {
        await courtside.stop();
      }
    }

    expect(answers).toEqual({ production: 404, 'development with SMTP': 404, development: 200 });
    // DESIGN.md §5: the clock moves where the dev mailbox exists.
    expect(clockAnswers).toEqual({ production: 404, 'development with SMTP': 404, development: 200 });
  });
});
