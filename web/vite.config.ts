import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { pagePreloads } from './scripts/page-preloads.ts';

/** The API (and its socket.io endpoint) during `vite dev`; `npm start` serves both on one port. */
const apiTarget = 'http://127.0.0.1:8080';

const root = decodeURIComponent(new URL('.', import.meta.url).pathname);

/**
 * The public pages' first paint (src/first-paint.tsx), rendered by the api: `vite build --ssr src/first-paint.tsx` after the client
 * build, into dist/.ssr/ (a hidden folder, never served). One self-contained file set, so the api needs none of the
 * web's packages at run time.
 */
const firstPaintBuild = defineConfig({
  root,
  base: '/webapps/',
  plugins: [react()],
  ssr: { noExternal: true },
  build: {
    outDir: 'dist/.ssr',
    emptyOutDir: true,
    copyPublicDir: false,
    // One module: the api loads it under a query that changes with each build, and chunks importing the entry back
    // would load a second copy of it, with module state of its own (the answers of lib/first-data.ts).
    rolldownOptions: { output: { codeSplitting: false } },
  },
});

// The web app lives under /webapps/ on the same origin as the API.
const appBuild = defineConfig({
  root,
  base: '/webapps/',
  // Brotli and gzip copies of every text asset next to it, served as they are (no compression per request).
  plugins: [
    react(),
    tailwindcss(),
    compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' }),
    // dist/.vite/page-preloads.json: what the api names as modulepreload in each public page's index.html.
    pagePreloads(),
    // Installable, and the scorer opens with no connection (DESIGN.md §13): the manifest and /webapps/sw.js
    // (src/sw/sw.ts with the precache list written in). main.tsx registers it once the page has loaded.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      registerType: 'autoUpdate',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: [],
      manifest: {
        id: '/webapps/',
        name: 'Courtside',
        short_name: 'Courtside',
        description: 'Tennis and padel ladders: challenges, results and live scores.',
        start_url: '/webapps/',
        scope: '/webapps/',
        display: 'standalone',
        theme_color: '#1a4d31',
        background_color: '#f4f5f2',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The app shell and every script and style: the scorer's code is a lazy chunk among them. Not the
        // precompressed copies, nor the hidden build folders (.vite, .ssr).
        globPatterns: [
          'index.html',
          'first-paint-boot.js',
          'favicon.svg',
          'assets/*.{js,css}',
          'icons/*.png',
        ],
        globIgnores: ['**/*.br', '**/*.gz', '.ssr/**', '.vite/**'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
    // vite-plugin-pwa writes its manifest link right before `</head>` on the same line; the api finds the head's
    // end as a line of its own (api/src/web/web-app.ts adds the preloads and the first paint's boot there).
    {
      name: 'manifest-link-on-its-own-line',
      enforce: 'post',
      transformIndexHtml: {
        order: 'post',
        handler: (html: string) => html.replace(/(<link rel="manifest"[^>]*>)<\/head>/, '  $1\n  </head>'),
      },
    },
  ],
  resolve: {
    // The public pages validate their answers with zod/mini. zod's core is one module set shared by every chunk, so
    // with the classic API in the manager's chunks the public pages loaded all of core (16.5 kB gzip for the 5 kB
    // mini needs). zod/mini resolves to a second copy of the same zod release (`zod-public` in package.json), whose
    // core holds only what mini uses; a page that uses both loads both (docs/decisions/web.md, "zod twice").
    alias: [
      { find: /^zod\/mini$/, replacement: 'zod-public/mini' },
      { find: /^zod\/v4\/core$/, replacement: 'zod-public/v4/core' },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: web/scripts/size-budget.ts reads what each page loads from it (never served:
    // the api does not send hidden paths).
    manifest: true,
    modulePreload: {
      // The widget's boxes (WidgetBoxes, a lazy chunk) load without a preload list: the list of their files' names
      // cost the widget's own script 0.25 kB gzip, over its budget, for a part shown below the fold and only for a
      // box season (docs/decisions/boxes.md, "The widget shows a box season's boxes").
      resolveDependencies: (filename, deps) => (/WidgetBoxes-[^/]*\.js$/.test(filename) ? [] : deps),
    },
    rolldownOptions: {
      output: {
        // The small modules the public pages share with the api and with each other (page addresses, the local
        // date-time rule, the challenges client, a match's side and team names, the texts and React's JSX runtime) in one
        // chunk: a file of its own for each cost every public page 0.3-0.7 kB gzip more (docs/decisions/web.md,
        // "The web app's feature folders").
        codeSplitting: {
          groups: [
            {
              name: 'shared',
              test: /events\/src\/(page-paths|intl-format|matches\/match-dates)|web\/src\/lib\/(match-sides|challenges-api|translations|team-name)|web\/src\/hooks\/useTranslation|node_modules\/react\/(jsx-runtime|cjs\/react-jsx-runtime)/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/webapps/api': { target: apiTarget, changeOrigin: false },
      '/webapps/socket.io': { target: apiTarget, ws: true },
    },
  },
  preview: {
    proxy: {
      '/webapps/api': { target: apiTarget, changeOrigin: false },
      '/webapps/socket.io': { target: apiTarget, ws: true },
    },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? firstPaintBuild : appBuild));
