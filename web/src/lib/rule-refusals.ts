/**
 * For tests: the messages a rules file refuses with (`reject(…)` and `refuse(…)`), read from its source text, with
 * the constants they name resolved from that text or from `sharedSources` (the texts of files whose constants it
 * imports). It takes texts, not paths, so that it stays browser-safe like everything under web/src.
 */
export function refusalsOfTheRules(source: string, sharedSources: string[] = []): string[] {
  const texts = [...sharedSources, source];
  const constantsOf = (pattern: RegExp) =>
    texts.flatMap((text) => [...text.matchAll(pattern)].map((m) => [m[1]!, m[2]!] as const));
  const numbers = new Map(constantsOf(/^(?:export )?const ([A-Z_]+) = (\d+);/gm));
  const constants = new Map([
    ...constantsOf(/^(?:export )?const ([A-Z_]+) =\s*'([^']+)';/gm),
    // A template that names number constants (`at least ${MIN_BOX} active sides`), with their values.
    ...constantsOf(/^(?:export )?const ([A-Z_]+) =\s*`([^`]+)`;/gm).map(
      ([name, template]) =>
        [
          name,
          template.replace(/\$\{([A-Z_]+)\}/g, (all, number: string) => numbers.get(number) ?? all),
        ] as const,
    ),
  ]);
  const refusals = source.matchAll(/(?:reject\(\s*'[a-z_]+'|refuse\(\s*'[A-Z_]+'),\s*('[^']+'|[A-Z_]+)/g);
  const messages = [...refusals].map(([, argument]) =>
    argument!.startsWith("'") ? argument!.slice(1, -1) : (constants.get(argument!) ?? argument!),
  );
  return [...new Set(messages)];
}
