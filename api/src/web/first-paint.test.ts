import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { firstPaints } from './first-paint.ts';

/** A web build with only a first paint renderer, whose body is `source`. */
function buildWith(source: string | undefined): string {
  const distDir = mkdtempSync(path.join(tmpdir(), 'courtside-first-paint-'));
  if (source !== undefined) {
    mkdirSync(path.join(distDir, '.ssr'));
    writeFileSync(path.join(distDir, '.ssr', 'first-paint.js'), source);
  }
  dirs.push(distDir);
  return distDir;
}
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const page = new URL('http://127.0.0.1/webapps/ladders/en/?a=1');

describe('the first paint of a public page', () => {
  it('is what the build’s renderer gives for the address, rendered once per address', async () => {
    const distDir = buildWith(`let calls = 0;
      export async function renderFirstPaint(url) { calls++; return { html: url + ' #' + calls, lang: 'en' }; }`);
    const paintOf = firstPaints(distDir);

    expect(await paintOf(page)).toEqual({ html: `${page.href} #1`, lang: 'en' });
    expect(await paintOf(page)).toEqual({ html: `${page.href} #1`, lang: 'en' });
    expect(await paintOf(new URL('http://127.0.0.1/webapps/ladders/nl/'))).toMatchObject({ html: /#2$/ });
  });

  it('renders and keeps a signed-in request’s paint apart from a signed-out one’s of the same address', async () => {
    const distDir = buildWith(`let calls = 0;
      export async function renderFirstPaint(url, fetchJson, signedIn) {
        calls++; return { html: (signedIn ? 'signed in' : 'signed out') + ' #' + calls, lang: 'en' };
      }`);
    const paintOf = firstPaints(distDir);

    expect(await paintOf(page, undefined, true)).toEqual({ html: 'signed in #1', lang: 'en' });
    expect(await paintOf(page)).toEqual({ html: 'signed out #2', lang: 'en' });
    expect(await paintOf(page, undefined, true)).toEqual({ html: 'signed in #1', lang: 'en' });
    expect(await paintOf(page, undefined, false)).toEqual({ html: 'signed out #2', lang: 'en' });
  });

  it('is none, and the page still goes out, when the build has no renderer or the renderer fails', async () => {
    const errors: unknown[] = [];
    const logger = { error: (fields: unknown) => errors.push(fields) } as never;

    expect(await firstPaints(buildWith(undefined), logger)(page)).toBeNull();
    expect(await firstPaints(buildWith('export const nothing = 1;'), logger)(page)).toBeNull();
    expect(
      await firstPaints(
        buildWith('export async function renderFirstPaint() { throw new Error("bad page"); }'),
        logger,
      )(page),
    ).toBeNull();
    expect(errors).toHaveLength(2);
  });

  it('is rendered again on each request when it shows API answers, which it asks for with the given fetch', async () => {
    const distDir = buildWith(`let calls = 0;
      export async function renderFirstPaint(url, fetchJson) {
        calls++;
        const answer = await fetchJson('/webapps/api/ladder/api/v1/ladders/x/standings');
        return { html: answer.name + ' #' + calls, lang: 'en', data: { standings: answer } };
      }`);
    const paintOf = firstPaints(distDir);
    const asked: string[] = [];
    let name = 'Winter';
    const fetchJson = async (path: string) => (asked.push(path), { name });

    expect(await paintOf(page, fetchJson)).toMatchObject({
      html: 'Winter #1',
      data: { standings: { name } },
    });
    name = 'Spring';
    expect(await paintOf(page, fetchJson)).toMatchObject({ html: 'Spring #2' });
    expect(asked).toEqual([
      '/webapps/api/ladder/api/v1/ladders/x/standings',
      '/webapps/api/ladder/api/v1/ladders/x/standings',
    ]);
  });
});
