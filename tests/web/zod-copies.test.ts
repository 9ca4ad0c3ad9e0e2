import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const json = (file: string) =>
  JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;

/**
 * The web's `zod/mini` resolves to a second install of zod (`zod-public`, docs/decisions/web.md "zod twice"), while its
 * types come from `zod`: the two must be the same release, or the types would describe other code than runs.
 */
describe('the public pages’ copy of zod', () => {
  it('is installed at the same version as zod', () => {
    const zod = json('node_modules/zod/package.json');
    const copy = json('node_modules/zod-public/package.json');
    expect(copy.name).toBe('zod');
    expect(copy.version).toBe(zod.version);
  });

  it('is pinned in web/package.json to the version installed for zod', () => {
    const web = json('web/package.json') as { dependencies: Record<string, string> };
    const zod = json('node_modules/zod/package.json');
    expect(web.dependencies['zod-public']).toBe(`npm:zod@${String(zod.version)}`);
  });
});
