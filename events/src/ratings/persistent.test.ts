import { describe, expect, it } from 'vitest';
import { PersistentList, PersistentMap } from './persistent.ts';

describe('persistent collections: every version stays as it was', () => {
  it('a map gives what was set, keeps the version before a set, and lists every entry', () => {
    const keys = Array.from({ length: 600 }, (_, index) => `key-${index}`);
    const versions = [PersistentMap.empty<number>()];
    for (const [index, key] of keys.entries()) versions.push(versions.at(-1)!.set(key, index));
    const changed = versions.at(-1)!.set('key-7', 700);

    expect(versions[0]!.get('key-0')).toBeUndefined();
    expect(versions[1]!.get('key-0')).toBe(0);
    expect(versions[1]!.get('key-1')).toBeUndefined();
    expect(versions.at(-1)!.get('key-7')).toBe(7);
    expect(changed.get('key-7')).toBe(700);
    expect(new Map(changed.entries())).toEqual(
      new Map(keys.map((key, index) => [key, index === 7 ? 700 : index])),
    );
  });

  it('a list keeps its items in order and its length across chunks, and the version before a push', () => {
    const versions = [PersistentList.empty<number>()];
    for (let item = 0; item < 200; item++) versions.push(versions.at(-1)!.push(item));

    for (const length of [0, 1, 63, 64, 65, 128, 129, 200]) {
      expect(versions[length]!.length).toBe(length);
      expect(versions[length]!.toArray()).toEqual(Array.from({ length }, (_, index) => index));
    }
  });
});
