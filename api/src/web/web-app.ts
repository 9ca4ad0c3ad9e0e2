import { existsSync } from 'node:fs';
import type { Middleware } from 'koa';
import send from 'koa-send';
import { LIVE_PATH } from '@courtside/events/api-paths';

/** Precompressed copies (`.br`, `.gz`, written by the build) go to clients that accept them. */
const precompressed = { brotli: true, gzip: true } as const;

/**
 * Serves the built web app under /webapps/: files as they are (hashed assets cached for a year, precompressed
 * copies when the client accepts them), and index.html for every page address so the client router takes over
 * (revalidated every time: the app's conditional-GET middleware answers 304 while it has not changed).
 */
export function webApp(distDir: string): Middleware {
  const indexExists = () => existsSync(`${distDir}/index.html`);
  return async (ctx, next) => {
    if (!['GET', 'HEAD'].includes(ctx.method)) return next();
    if (ctx.path === '/' || ctx.path === '/webapps') return ctx.redirect('/webapps/');
    if (
      !ctx.path.startsWith('/webapps/') ||
      ctx.path.startsWith('/webapps/api/') ||
      ctx.path.startsWith(LIVE_PATH)
    ) {
      return next();
    }
    const file = ctx.path.slice('/webapps/'.length);
    if (file.startsWith('assets/')) {
      const sent = await send(ctx, file, {
        root: distDir,
        ...precompressed,
        immutable: true,
        maxage: 365 * 24 * 3600 * 1000,
      }).catch(() => undefined);
      if (sent) return;
      return next();
    }
    if (file && !file.endsWith('/') && /\.[a-z0-9]+$/i.test(file)) {
      const sent = await send(ctx, file, { root: distDir, ...precompressed }).catch(() => undefined);
      if (sent) return;
      return next();
    }
    if (!indexExists()) {
      ctx.status = 503;
      ctx.body = 'The web app is not built yet: run `npm run build:web`.';
      return;
    }
    ctx.set('Cache-Control', 'no-cache');
    await send(ctx, 'index.html', { root: distDir, ...precompressed });
  };
}
