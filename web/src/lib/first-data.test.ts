import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { firstDataOf, forgetFirstData, pageOrigin, renderWithFirstData } from './first-data';

const standings = z.object({ name: z.string() });

describe('the answers a page was sent with', () => {
  it('are read by request address, with their query, while the first paint renders', () => {
    const data = { '/api/standings': { name: 'Winter' }, '/api/matches?PAGE=0&TAGS=x': [] };
    const read = renderWithFirstData(data, 'https://club.example', () => ({
      standings: firstDataOf('/api/standings', undefined, standings),
      matches: firstDataOf('/api/matches', { PAGE: 0, TAGS: 'x' }, z.array(z.unknown())),
      otherPage: firstDataOf('/api/matches', { PAGE: 1, TAGS: 'x' }, z.array(z.unknown())),
      origin: pageOrigin(),
    }));

    expect(read).toEqual({
      standings: { name: 'Winter' },
      matches: [],
      otherPage: undefined,
      origin: 'https://club.example',
    });
  });

  it('are none outside the render, and none of a shape the page does not expect', () => {
    renderWithFirstData({ '/api/standings': { name: 'Winter' } }, 'https://club.example', () => undefined);
    expect(firstDataOf('/api/standings', undefined, standings)).toBeUndefined();
    expect(pageOrigin()).toBe('');

    const wrong = renderWithFirstData({ '/api/standings': { name: 7 } }, '', () =>
      firstDataOf('/api/standings', undefined, standings),
    );
    expect(wrong).toBeUndefined();
  });

  it('are forgotten once the app has navigated', () => {
    const afterNavigation = renderWithFirstData({ '/api/standings': { name: 'Winter' } }, '', () => {
      forgetFirstData();
      return firstDataOf('/api/standings', undefined, standings);
    });
    expect(afterNavigation).toBeUndefined();
  });
});
