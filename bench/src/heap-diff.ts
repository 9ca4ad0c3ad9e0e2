/**
 * What grew between two heap snapshots (.heapsnapshot, as `bench:tv-soak --heap-snapshots` or DevTools write them):
 * objects by kind and constructor, their count and retained-by-themselves size (self size), largest growth first.
 *
 *   node --import tsx bench/src/heap-diff.ts before.heapsnapshot after.heapsnapshot [--top=30]
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

/** Per `kind:name`, how many objects and their self size in bytes. */
async function tally(file: string): Promise<Map<string, { count: number; bytes: number }>> {
  const heap = JSON.parse(await readFile(file, 'utf8')) as Snapshot;
  const fields = heap.snapshot.meta.node_fields;
  const kinds = heap.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field));
  const byName = new Map<string, { count: number; bytes: number }>();
  for (let at = 0; at < heap.nodes.length; at += fields.length) {
    const kind = kinds[heap.nodes[at + typeAt!]!]!;
    // Strings and code by kind alone; objects, closures and the rest by their constructor or function name.
    const name = ['string', 'concatenated string', 'sliced string', 'code', 'number'].includes(kind)
      ? ''
      : heap.strings[heap.nodes[at + nameAt!]!]!.slice(0, 80);
    const key = `${kind}:${name}`;
    const entry = byName.get(key) ?? { count: 0, bytes: 0 };
    entry.count++;
    entry.bytes += heap.nodes[at + sizeAt!]!;
    byName.set(key, entry);
  }
  return byName;
}

const { values, positionals } = parseArgs({
  options: { top: { type: 'string', default: '30' } },
  allowPositionals: true,
});
if (positionals.length !== 2) throw new Error('usage: heap-diff.ts before.heapsnapshot after.heapsnapshot');
const [before, after] = await Promise.all(positionals.map(tally));
const rows = [...new Set([...before!.keys(), ...after!.keys()])].map((key) => {
  const was = before!.get(key) ?? { count: 0, bytes: 0 };
  const now = after!.get(key) ?? { count: 0, bytes: 0 };
  return { key, count: now.count - was.count, bytes: now.bytes - was.bytes, countAfter: now.count };
});
const total = (map: Map<string, { bytes: number }>) => [...map.values()].reduce((sum, e) => sum + e.bytes, 0);
console.log(`self size: before ${total(before!)} B, after ${total(after!)} B`);
for (const row of rows.sort((a, b) => b.bytes - a.bytes).slice(0, Number(values.top)))
  console.log(
    `${String(row.bytes).padStart(10)} B  ${String(row.count).padStart(7)} objects (${row.countAfter} now)  ${row.key}`,
  );
