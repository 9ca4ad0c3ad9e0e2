import { spawn } from 'node:child_process';
import type { HttpClient } from '../../tests/support/http-client.ts';

const MiB = 1024 * 1024;

/** The signed-in client's cookies, for curl. */
export function cookiesOf(http: HttpClient): string {
  const { cookies } = http as unknown as { cookies: Map<string, string> };
  return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

/**
 * Downloads `url` with curl (another process, so the client's buffers are not counted) while sampling this process's
 * memory: peak growth every 10 ms, the live heap right after a full GC every 250 ms (needs --expose-gc), and what
 * stayed after.
 */
export async function measureDownload(route: string, url: string, cookie: string) {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 10);
  // What the export really holds while it runs: the heap right after a full GC, every 250 ms.
  let peakLive = base.heapUsed;
  const collector = setInterval(() => {
    gc?.();
    peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
  }, 250);
  const started = performance.now();
  const { bytes, code } = await new Promise<{ bytes: number; code: number | null }>((resolve, reject) => {
    const curl = spawn('curl', [
      '-sS',
      '-o',
      '/dev/null',
      '-w',
      '%{size_download} %{http_code}',
      '-H',
      `cookie: ${cookie}`,
      url,
    ]);
    let out = '';
    curl.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    curl.on('error', reject);
    curl.on('close', () => {
      const [size, status] = out.trim().split(' ');
      resolve({ bytes: Number(size), code: Number(status) });
    });
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  clearInterval(collector);
  gc?.();
  const after = process.memoryUsage();
  return {
    route,
    status: code,
    megabytes: +(bytes / MiB).toFixed(1),
    seconds: +seconds.toFixed(2),
    rssGrowthMiB: +((peakRss - base.rss) / MiB).toFixed(1),
    heapPeakGrowthMiB: +((peakHeap - base.heapUsed) / MiB).toFixed(1),
    liveHeapGrowthMiB: +((peakLive - base.heapUsed) / MiB).toFixed(1),
    heapRetainedMiB: +((after.heapUsed - base.heapUsed) / MiB).toFixed(1),
    baseRssMiB: +(base.rss / MiB).toFixed(0),
  };
}
