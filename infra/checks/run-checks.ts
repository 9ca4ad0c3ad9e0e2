/**
 * `npm run check`: every check of the project, as many at a time as the machine has cores (each is one thread:
 * run one after another they took 4.5 minutes of CI, at load 12), longest first. Each check's output is printed
 * whole when it ends, under its name; the run fails when any check fails.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface Check {
  name: string;
  command: string;
  args: string[];
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const tsx = (script: string): Pick<Check, 'command' | 'args'> => ({
  command: process.execPath,
  args: ['--import', 'tsx', script],
});

/** Longest first (seconds at load 12: 80, 63, 45, 39, 32, 12, 1), so the last to start is a short one. */
const checks: Check[] = [
  { name: 'format (prettier)', command: bin('prettier'), args: ['--check', '.'] },
  { name: 'types (api, rules, tests)', command: bin('tsc'), args: ['-p', 'tsconfig.json'] },
  { name: 'types (web)', command: bin('tsc'), args: ['-p', 'web/tsconfig.json'] },
  { name: 'lint (eslint)', command: bin('eslint'), args: ['.'] },
  { name: 'web size budget', command: 'npm', args: ['run', '-s', 'size:web'] },
  { name: 'no import cycles', command: 'npm', args: ['run', '-s', 'check:circles'] },
  { name: 'no tracker numbers', ...tsx('infra/checks/no-tracker-numbers.ts') },
];

function run(check: Check): Promise<boolean> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(check.command, check.args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    const finish = (passed: boolean, why = '') => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`-- ${check.name}: ${passed ? 'passed' : `FAILED${why}`} (${seconds} s)\n`);
      const text = Buffer.concat(output).toString().trimEnd();
      if (text) process.stdout.write(`${text}\n`);
      resolve(passed);
    };
    child.on('error', (error) => finish(false, `: ${error.message}`));
    child.on('close', (code) => finish(code === 0));
  });
}

async function main(): Promise<void> {
  const queue = [...checks];
  let failed = 0;
  const lane = async () => {
    for (let check = queue.shift(); check; check = queue.shift()) if (!(await run(check))) failed++;
  };
  await Promise.all(Array.from({ length: Math.min(availableParallelism(), queue.length) }, lane));
  if (failed > 0) {
    process.stdout.write(`${failed} check(s) failed\n`);
    process.exitCode = 1;
  }
}

await main();
