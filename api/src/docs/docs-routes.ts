import { readFile } from 'node:fs/promises';
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { createRequire } from 'node:module';
import path from 'node:path';
import type Router from '@koa/router';
import { z } from 'zod';
import { documented, documentedRoutes } from '../http/documented-router.ts';
import { asyncApiDocument } from './asyncapi.ts';
import { API_DOCS_PATH, ASYNCAPI_PATH, OPENAPI_PATH } from '@courtside/events/api-paths';
import { openApiDocument } from './openapi.ts';

/** The API reference viewer (Scalar), served from node_modules: no CDN (DESIGN: networks without one). */
const viewerFile = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')),
  'browser',
  'standalone.js',
);

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Courtside API reference</title>
  </head>
  <body>
    <div id="app"></div>
    <script src="${API_DOCS_PATH}/viewer.js"></script>
    <script src="${API_DOCS_PATH}/start.js"></script>
  </body>
</html>
`;

/** External, not inline: the page keeps the app's Content-Security-Policy (script-src 'self'). */
const start = `Scalar.createApiReference('#app', ${JSON.stringify({
  url: OPENAPI_PATH,
  title: 'Courtside API',
  withDefaultFonts: false,
  telemetry: false,
  proxyUrl: '',
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  hideClientButton: false,
  metaData: { title: 'Courtside API reference' },
})});
`;

const documentSchema = z.looseObject({}).describe('A JSON document');

/**
 * `/webapps/api/openapi.json`, `/webapps/api/asyncapi.json` and the reference page `/webapps/api/docs`. Mounted
 * after every other route: the OpenAPI document lists what the router carries (built once, on first ask).
 */
export function docsRoutes(router: Router): void {
  const api = documented(router);
  let openApi: string | undefined;
  let viewer: Promise<{ plain: Buffer; gzipped: Buffer }> | undefined;

  api.get(
    OPENAPI_PATH,
    { summary: 'This document: OpenAPI 3.1', access: 'public', responses: { 200: documentSchema } },
    (ctx) => {
      openApi ??= JSON.stringify(openApiDocument(documentedRoutes(router)));
      ctx.type = 'application/json';
      ctx.set('Access-Control-Allow-Origin', '*');
      ctx.body = openApi;
    },
  );

  api.get(
    ASYNCAPI_PATH,
    { summary: 'The live channel: AsyncAPI 3', access: 'public', responses: { 200: documentSchema } },
    (ctx) => {
      ctx.set('Access-Control-Allow-Origin', '*');
      ctx.body = asyncApiDocument({ host: ctx.host, secure: ctx.secure });
    },
  );

  const html = { contentType: 'text/html', description: 'The page' } as const;
  api.get(
    API_DOCS_PATH,
    { summary: 'The API reference page', access: 'public', responses: { 200: html } },
    (ctx) => {
      ctx.type = 'text/html';
      ctx.body = page;
    },
  );
  const script = { contentType: 'text/javascript', description: 'A script of the page' } as const;
  api.get(
    `${API_DOCS_PATH}/viewer.js`,
    { summary: 'The reference page’s viewer (Scalar)', access: 'public', responses: { 200: script } },
    async (ctx) => {
      // 4 MB: compressed once, kept, and sent as it is (not compressed again on every request).
      viewer ??= readFile(viewerFile).then(async (plain) => ({
        plain,
        gzipped: await promisify(gzip)(plain),
      }));
      const { plain, gzipped } = await viewer;
      ctx.compress = false;
      ctx.type = 'text/javascript';
      ctx.set('Cache-Control', 'public, max-age=86400');
      ctx.vary('Accept-Encoding');
      if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
        ctx.set('Content-Encoding', 'gzip');
        ctx.body = gzipped;
      } else {
        ctx.body = plain;
      }
    },
  );
  api.get(
    `${API_DOCS_PATH}/start.js`,
    { summary: 'The reference page’s start script', access: 'public', responses: { 200: script } },
    (ctx) => {
      ctx.type = 'text/javascript';
      ctx.body = start;
    },
  );
}
