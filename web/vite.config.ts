import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';
import { pagePreloads } from './scripts/page-preloads.ts';

/** The API (and its socket.io endpoint) during `vite dev`; `npm start` serves both on one port. */
const apiTarget = 'http://127.0.0.1:8080';

// The web app lives under /webapps/ on the same origin as the API.
export default defineConfig({
  root: decodeURIComponent(new URL('.', import.meta.url).pathname),
  base: '/webapps/',
  // Brotli and gzip copies of every text asset next to it, served as they are (no compression per request).
  plugins: [
    react(),
    tailwindcss(),
    compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' }),
    // dist/.vite/page-preloads.json: what the api names as modulepreload in each public page's index.html.
    pagePreloads(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: web/scripts/size-budget.ts reads what each page loads from it (never served:
    // the api does not send hidden paths).
    manifest: true,
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
