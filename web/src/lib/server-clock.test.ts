import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const DAY_MS = 24 * 60 * 60 * 1000;
const browserAt = Date.parse('2026-11-28T10:00:00Z');
const serverDate = (ms: number) => new Date(ms).toUTCString();

/** A fresh module: its clock knows no answer yet. */
async function freshClock() {
  vi.resetModules();
  return import('./server-clock');
}

describe('the server’s clock as the page knows it', () => {
  // The browser's clock stands at `browserAt` until a test moves it.
  beforeEach(() => {
    vi.useFakeTimers({ now: browserAt, toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is the browser’s clock until an answer gives the server’s Date', async () => {
    const { noteServerDate, serverNow } = await freshClock();
    expect(serverNow()).toBe(browserAt);
    noteServerDate(null);
    noteServerDate('not a date');
    expect(serverNow()).toBe(browserAt);
  });

  it('given an answer whose Date is two days ahead of the browser, then now is the server’s, and keeps running', async () => {
    const { noteServerDate, serverNow } = await freshClock();
    noteServerDate(serverDate(browserAt + 2 * DAY_MS));
    expect(serverNow()).toBe(browserAt + 2 * DAY_MS);
    vi.setSystemTime(browserAt + 90_000);
    expect(serverNow()).toBe(browserAt + 2 * DAY_MS + 90_000);
  });

  it('given an answer with an older Date after a newer one (kept in a cache), then the newer one still counts', async () => {
    const { noteServerDate, serverNow } = await freshClock();
    noteServerDate(serverDate(browserAt + DAY_MS));
    vi.setSystemTime(browserAt + 10_000);
    noteServerDate(serverDate(browserAt - 3 * DAY_MS));
    expect(serverNow()).toBe(browserAt + DAY_MS + 10_000);
  });

  it('given a newer answer after the browser’s clock was set right, then the newer one counts', async () => {
    const { noteServerDate, serverNow } = await freshClock();
    noteServerDate(serverDate(browserAt));
    vi.setSystemTime(browserAt + DAY_MS);
    noteServerDate(serverDate(browserAt + 5_000));
    expect(serverNow()).toBe(browserAt + 5_000);
  });
});
