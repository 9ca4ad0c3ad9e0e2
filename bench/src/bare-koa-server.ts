/**
 * The baseline of bench:reads as a process of its own, as the api processes are: a bare Koa hello-world answering
 * every request with the body in the file named by its argument. Prints `listening <port>` once it listens on
 * 127.0.0.1.
 *
 *   node --import tsx bench/src/bare-koa-server.ts <body file>
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import Koa from 'koa';

const body = readFileSync(process.argv[2]!, 'utf8');
const app = new Koa();
app.use((ctx) => {
  ctx.type = 'application/json';
  ctx.body = body;
});
const server = createServer(app.callback());
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  console.log(`listening ${address.port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
