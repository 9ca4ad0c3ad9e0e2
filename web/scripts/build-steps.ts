// The steps of the web app's one build (run by build.mjs), as it ships: the app, then the public pages' first
// paint (its SSR build into dist/.ssr/). Always a production build: a shell's NODE_ENV=development (or vitest's
// NODE_ENV=test) would otherwise give React's development bundle and no service worker, so the scorer would not
// work offline. Extra arguments go to the app's build (e.g. --logLevel warn).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface BuildStep {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

export function buildSteps(extraArgs: string[], environment: NodeJS.ProcessEnv): BuildStep[] {
  const vite = path.join(
    path.dirname(createRequire(import.meta.url).resolve('vite/package.json')),
    'bin',
    'vite.js',
  );
  const env = { ...environment, NODE_ENV: 'production' };
  const config = ['--config', path.join(webDir, 'vite.config.ts')];
  return [
    { command: vite, args: ['build', ...config, ...extraArgs], env },
    { command: vite, args: ['build', ...config, '--ssr', 'src/first-paint.tsx', '--logLevel', 'warn'], env },
    { command: path.join(webDir, 'scripts', 'source-stamp.mjs'), args: ['write'], env },
  ];
}
