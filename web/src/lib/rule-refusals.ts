/**
 * For tests: the messages a rules file refuses with (`reject(…)` and `refuse(…)`), read from its source text, with
 * the constants they name resolved from that text or from `sharedSources` (the texts of files whose constants it
 * imports). It takes texts, not paths, so that it stays browser-safe like everything under web/src.
 */
export function refusalsOfTheRules(source: string, sharedSources: string[] = []): string[] {
  const constants = new Map(
    [...sharedSources, source].flatMap((text) =>
      [...text.matchAll(/^(?:export )?const ([A-Z_]+) =\s*'([^']+)';/gm)].map((m) => [m[1]!, m[2]!] as const),
    ),
  );
  const refusals = source.matchAll(/(?:reject\(\s*'[a-z_]+'|refuse\(\s*'[A-Z_]+'),\s*('[^']+'|[A-Z_]+)/g);
  const messages = [...refusals].map(([, argument]) =>
    argument!.startsWith("'") ? argument!.slice(1, -1) : (constants.get(argument!) ?? argument!),
  );
  return [...new Set(messages)];
}
