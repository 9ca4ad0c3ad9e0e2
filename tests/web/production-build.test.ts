import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSteps } from '../../web/scripts/build-steps.ts';

describe('the web build is a production build however it is started', () => {
  it('builds with NODE_ENV=production when the shell says development (npm start) or test (vitest)', () => {
    for (const shell of ['development', 'test', undefined]) {
      const steps = buildSteps(['--logLevel', 'warn'], { PATH: '/usr/bin', NODE_ENV: shell });
      expect(steps.map((step) => step.env.NODE_ENV)).toEqual(['production', 'production', 'production']);
      expect(steps[0]!.args).toContain('--logLevel');
      expect(steps[1]!.args).toEqual(expect.arrayContaining(['--ssr', 'src/first-paint.tsx']));
    }
  });

  it('the app the tests run ships its service worker and React’s production bundle', async () => {
    const dist = path.resolve('web/dist');
    expect(existsSync(path.join(dist, 'sw.js'))).toBe(true);
    const assets = (await readdir(path.join(dist, 'assets'))).filter((file) => file.endsWith('.js'));
    const texts = await Promise.all(assets.map((file) => readFile(path.join(dist, 'assets', file), 'utf8')));
    // React's production bundle replaces its messages by numbered errors; the development one has neither this…
    expect(texts.some((text) => text.includes('Minified React error'))).toBe(true);
    // …nor has a production one the development bundle's warnings.
    expect(texts.some((text) => text.includes('Each child in a list should have a unique'))).toBe(false);
  });
});
