import { readFileSync } from 'node:fs';

/**
 * For tests: the messages a rules file refuses with (`reject(…)` and `refuse(…)`), read from its source, with the
 * constants they name resolved from that file or from `sharedFrom` (files whose constants it imports).
 */
export function refusalsOfTheRules(file: string, sharedFrom: string[] = []): string[] {
  const source = readFileSync(file, 'utf8');
  const constants = new Map(
    [...sharedFrom.map((shared) => readFileSync(shared, 'utf8')), source].flatMap((text) =>
      [...text.matchAll(/^(?:export )?const ([A-Z_]+) =\s*'([^']+)';/gm)].map((m) => [m[1]!, m[2]!] as const),
    ),
  );
  const refusals = source.matchAll(/(?:reject\(\s*'[a-z_]+'|refuse\(\s*'[A-Z_]+'),\s*('[^']+'|[A-Z_]+)/g);
  const messages = [...refusals].map(([, argument]) =>
    argument!.startsWith("'") ? argument!.slice(1, -1) : (constants.get(argument!) ?? argument!),
  );
  return [...new Set(messages)];
}
