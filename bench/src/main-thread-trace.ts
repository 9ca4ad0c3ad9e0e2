/**
 * A page's main-thread work from Chromium's own trace, in thread time (CPU), so that other load on the machine does
 * not inflate it as it inflates Lighthouse's wall-clock figures: every task of the page's main thread over its load
 * and the 4 s after, and an estimate of the total blocking time at Lighthouse's mobile CPU (4× slower): the sum over
 * the tasks after the first contentful paint of max(0, 4 × thread time − 50 ms).
 */
import { chromium, type Browser } from 'playwright-core';

export interface MainThreadRun {
  /** All of the main thread's tasks, thread time. */
  cpuMs: number;
  /** Σ max(0, 4 × task − 50 ms) after the first contentful paint. */
  blockingAt4xMs: number;
  /** Tasks that count in that sum. */
  longTasks: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export async function openTracingBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
}

export async function traceMainThread(
  browser: Browser,
  url: string,
  cookies?: string,
): Promise<MainThreadRun> {
  // A phone's viewport, a fresh profile each run (no cache, as Lighthouse).
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  try {
    if (cookies)
      await context.addCookies(
        cookies.split('; ').map((pair) => {
          const at = pair.indexOf('=');
          return { name: pair.slice(0, at), value: pair.slice(at + 1), url: new URL(url).origin };
        }),
      );
    const page = await context.newPage();
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'toplevel'],
    });
    await page.goto(url);
    await page.waitForTimeout(4_000);
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as {
      traceEvents: TraceEvent[];
    };
    const paint = traceEvents.find((event) => event.name === 'firstContentfulPaint');
    if (!paint) throw new Error(`${url}: no first contentful paint in the trace`);
    const main = traceEvents.find(
      (event) =>
        event.name === 'thread_name' && event.args?.name === 'CrRendererMain' && event.pid === paint.pid,
    );
    if (!main) throw new Error(`${url}: no renderer main thread in the trace`);
    const run: MainThreadRun = { cpuMs: 0, blockingAt4xMs: 0, longTasks: 0 };
    for (const task of traceEvents) {
      if (task.name !== 'RunTask' || task.ph !== 'X' || task.pid !== main.pid || task.tid !== main.tid)
        continue;
      const ms = (task.tdur ?? task.dur ?? 0) / 1000;
      run.cpuMs += ms;
      const blocking = 4 * ms - 50;
      if (task.ts >= paint.ts && blocking > 0) {
        run.blockingAt4xMs += blocking;
        run.longTasks++;
      }
    }
    return run;
  } finally {
    await context.close();
  }
}
