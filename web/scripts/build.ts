// `npm run build -w web`: the steps of build-steps.ts, one after the other.
import { spawnSync } from 'node:child_process';
import process from 'node:process';
import { buildSteps, webDir } from './build-steps.ts';

for (const step of buildSteps(process.argv.slice(2), process.env)) {
  const run = spawnSync(process.execPath, [step.command, ...step.args], {
    cwd: webDir,
    stdio: 'inherit',
    env: step.env,
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
