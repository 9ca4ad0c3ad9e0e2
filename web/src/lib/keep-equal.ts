/**
 * `next`, with every part that equals the same part of `previous` replaced by that part of `previous` (deeply, for
 * plain objects and arrays; the rest by `Object.is`). A list read again after a live change then keeps the rows
 * that did not change as the very objects the page already shows, so memoised rows are not rendered again: on a
 * 100-team ladder a refresh renders the rows that moved, not all of them (docs/performance.md, "Pages on a phone").
 */
export function keepEqual<T>(previous: unknown, next: T): T {
  if (Object.is(previous, next)) return previous as T;
  if (Array.isArray(previous) && Array.isArray(next)) {
    const kept = next.map((item, index) => keepEqual(previous[index], item));
    const same = kept.length === previous.length && kept.every((item, index) => item === previous[index]);
    return (same ? previous : kept) as T;
  }
  if (isPlainObject(previous) && isPlainObject(next)) {
    const keys = Object.keys(next);
    const kept: Record<string, unknown> = {};
    let same = keys.length === Object.keys(previous).length;
    for (const key of keys) {
      kept[key] = keepEqual(previous[key], next[key]);
      if (kept[key] !== previous[key] || !(key in previous)) same = false;
    }
    return (same ? previous : kept) as T;
  }
  return next;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}
