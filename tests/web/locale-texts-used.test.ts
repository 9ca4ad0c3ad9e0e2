import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import en from '../../web/src/locales/en';
import nl from '../../web/src/locales/nl';
import type { Texts, Translations } from '../../web/src/lib/translations';

const root = fileURLToPath(new URL('../..', import.meta.url));
const localesDir = path.join(root, 'web/src/locales');

/**
 * The keys the web builds at run time, so no source names them whole: `*` is the part the code fills in,
 * `{a,b}` the values it chooses from. A text for a new value of one of these must be added here too.
 */
const dynamicKeys = [
  'accessibility.tested.*', // AccessibilityPage: t(`accessibility.tested.${item}`)
  'alerts.{info,warning,error}', // AlertStack: t(`alerts.${alert.kind}`)
  'audit.types.*', // audit-summary.ts: t(`audit.types.${event.type}`)
  'boxes.status.*', // BoxesSection: t(`boxes.status.${match.status}`)
  'boxes.movement.*', // BoxesSection: t(`boxes.movement.${row.movement}`)
  'boxes.cameFrom.*', // BoxesSection: t(`boxes.cameFrom.${row.cameFrom.movement}`)
  'boxes.manager.{size,pointsWin,pointsPlayed,promote,relegate}', // BoxSettingsFields: t(`boxes.manager.${field}`)
  'boxes.manager.refusals.*', // BoxesManager: t(`boxes.manager.refusals.${known}`)
  'invitation.outcome.*', // InvitationPage: t(`invitation.outcome.${outcome}`)
  'invite.{WAITING,ACTIVE}', // InvitePlayers: t(`invite.${option}`)
  'invite.{problems,reasons,states}.*', // InvitePlayers: t(`invite.problems.${row.problem}`), reasons, states
  'ladders.{accept,decline,withdraw}', // StandingsTable: t(`ladders.${action}`)
  'ladders.chip.*', // StandingsTable: t(`ladders.chip.${chip.kind}`)
  'ladders.movement{Up,Down}{,Label}', // StandingsTable: t(`ladders.movement${…}Label`), t(`ladders.movement${…}`)
  'ladders.{refusals,refusalReasons}.*', // StandingsTable refusalText: t(`ladders.refusals.${code}`), …
  'ladders.{sports,matchTypes}.*', // SportBadge, LadderDetailsForm, SeasonDetailsForm
  'ladders.teamStatus.*', // TeamStatus: t(`ladders.teamStatus.${team.status}`), awaitingPartner.${…}
  'live.{connected,connecting,reconnecting}{,Hint}', // LiveIndicator: t(`live.${state}Hint`); ScorerPage
  'liveScoring.scorer.finalSet{SET,SUPER_TIEBREAK}', // ScorerPage: t(`liveScoring.scorer.finalSet${value}`)
  'manager.{ladderForm,seasonForm}.{save,saving,delete,deleteLocked}', // DetailsFormActions: t(`${props.texts}.…`)
  'manager.rules.{challengeRange,responseDays,playDays,confirmHours,inactivityDays,maxPauseDays}{,Hint}', // LadderRulesFields
  'manager.rules.movements.*', // LadderRulesFields: t(`manager.rules.movements.${movement}`)
  'matchCard.contact.{forbidden,failed}', // MatchContacts: t(`matchCard.contact.${state.kind}`)
  'matchCard.{special,specialOption,status}.*', // MatchScoreWidget, MatchCardHeader
  'matches.challenges.state.*', // ChallengesSection: t(`matches.challenges.state.${known}`)
  'notifications.kinds.*', // PreferencesPage: t(`notifications.kinds.${kind}`), every kind of events' notify.ts
  'pause.errors.*', // PauseControl: t(`pause.errors.${reason}`)
  'standingsAnnouncement.*', // announce-standings.ts: i18n.t(`standingsAnnouncement.${key}`)
  'webhooks.type.*', // WebhooksSection: t(`webhooks.type.${type}`), every type of events' webhooks/changes.ts
  'widget.{connecting,live,offline}', // WidgetPage: t(`widget.${connectionWord[connection]}`)
  'tv.connection.*', // ClubTvPage: t(`tv.connection.${connection}`)
];

/** `dynamicKeys` as one pattern of whole keys. */
function dynamicKeyPattern(globs: readonly string[]): RegExp {
  const toRegExp = (glob: string) =>
    glob
      .replace(/[.]/g, '\\.')
      .replace(/\*/g, '[\\w.]+')
      .replace(/\{([^}]*)\}/g, (_, options: string) => `(?:${options.split(',').join('|')})`);
  return new RegExp(`^(?:${globs.map(toRegExp).join('|')})$`);
}

/**
 * The texts of a language as the app has them: en.ts or nl.ts, and what every `add…Texts` of locales/ adds to
 * that language (a page's texts, added as its module loads).
 */
async function bundlesOf(language: 'en' | 'nl'): Promise<Texts[]> {
  const bundles: Texts[] = [language === 'en' ? en : nl];
  // Stands in for the app's Translations: no text is there yet, and it keeps what goes into `language`.
  const recorder = {
    exists: () => false,
    addResourceBundle(lng: string, namespace: string, texts: Texts) {
      if (lng === language && namespace === 'translation') bundles.push(texts);
      return recorder;
    },
  };
  for (const file of readdirSync(localesDir).filter((name) => /^[\w-]+\.ts$/.test(name))) {
    const exported = (await import(path.join(localesDir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exported)) {
      if (/^add\w+Texts$/.test(name) && name !== 'addEnglishTexts' && typeof value === 'function') {
        (value as (i18n: Translations) => void)(recorder as unknown as Translations);
      }
    }
  }
  return bundles;
}

/** The dotted keys of `texts` (a key may hold a dot itself: `notifications.kinds['team.waiting']`). */
function keysOf(texts: Texts, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

const keysOfAll = (bundles: readonly Texts[]) =>
  [...new Set(bundles.flatMap((texts) => keysOf(texts)))].sort();

/** A plural form under the key the code asks for (`count_one` → `count`; lib/translations.ts picks the form). */
const askedKey = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

/** The web's code: web/src without the texts themselves and without tests (a test naming a key is no use). */
function webCode(): string {
  const dir = path.join(root, 'web/src');
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.startsWith(`${localesDir}${path.sep}`))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
}

/** The keys (as the code asks for them) that no code names in quotes and that `dynamicKeys` does not cover. */
function unusedKeys(keys: readonly string[], code: string, dynamic: RegExp): string[] {
  const quoted = new Set([...code.matchAll(/['"`]([\w.]+)['"`]/g)].map((match) => match[1]!));
  return [...new Set(keys.map(askedKey))].filter((key) => !quoted.has(key) && !dynamic.test(key));
}

/** Each `add…Texts` of locales/ (by name) and the keys it adds to each language, called as the app calls it. */
async function addersOf(): Promise<Map<string, Record<'en' | 'nl', Set<string>>>> {
  const adders = new Map<string, Record<'en' | 'nl', Set<string>>>();
  for (const file of readdirSync(localesDir).filter((name) => /^[\w-]+\.ts$/.test(name))) {
    const exported = (await import(path.join(localesDir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exported)) {
      if (!/^add\w+Texts$/.test(name) || name === 'addEnglishTexts' || typeof value !== 'function') continue;
      const added = { en: new Set<string>(), nl: new Set<string>() };
      const recorder = {
        exists: () => false,
        addResourceBundle(lng: string, namespace: string, texts: Texts) {
          if ((lng === 'en' || lng === 'nl') && namespace === 'translation')
            for (const key of keysOf(texts)) added[lng].add(askedKey(key));
          return recorder;
        },
      };
      (value as (i18n: Translations) => void)(recorder as unknown as Translations);
      adders.set(name, added);
    }
  }
  return adders;
}

/**
 * Parts one feature renders from another through a loader the app hands over (features do not import each other):
 * the module runs inside the page that renders it, not the routes that load it.
 */
const renderedBy: Record<string, string> = {
  'features/matches/components/SeasonMatchesTab.tsx': 'features/manager/components/SeasonManager.tsx',
  'features/challenges/components/ChallengesSection.tsx': 'features/matches/components/MatchesPage.tsx',
  'features/live-scoring/components/LiveMatchPanel.tsx': 'features/matches/components/MatchesPage.tsx',
};

interface WebModule {
  code: string;
  /** Modules it imports for their values (`import type` is erased): they run before it. */
  imports: string[];
  /** Modules it loads later (`import()`, React.lazy): they run after it did. */
  loads: string[];
  /** The `add…Texts` it calls. */
  calls: string[];
}

/** Every module of web/src but tests, by path, with what it imports and which texts it adds. */
function webModules(): Map<string, WebModule> {
  const dir = path.join(root, 'web/src');
  const files = readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const known = new Set(files);
  const resolve = (from: string, specifier: string) => {
    if (!specifier.startsWith('.')) return undefined;
    const base = path.resolve(path.dirname(from), specifier);
    return [
      base,
      `${base}.ts`,
      `${base}.tsx`,
      path.join(base, 'index.ts'),
      path.join(base, 'index.tsx'),
    ].find((candidate) => known.has(candidate));
  };
  const modules = new Map<string, WebModule>();
  for (const file of files) {
    // Without comments: a key in a comment is shown nowhere.
    const code = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|[^:'"`\w])\/\/.*$/gm, '$1');
    const staticImports = [
      ...code.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm),
    ].map((match) => match[1]!);
    const dynamicImports = [...code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
      (match) => match[1]!,
    );
    const calls = [...code.matchAll(/\b(add\w+Texts)\(\s*i18n\b/g)].map((match) => match[1]!);
    modules.set(file, {
      code,
      imports: staticImports.flatMap((specifier) => resolve(file, specifier) ?? []),
      loads: dynamicImports.flatMap((specifier) => resolve(file, specifier) ?? []),
      calls,
    });
  }
  return modules;
}

/**
 * The `add…Texts` that have run whenever a module's code runs: those it or anything it imports calls (imports run
 * first), and those that have run for every module that imports or loads it (it runs only after one of them).
 */
function textsAddedBefore(
  modules: Map<string, WebModule>,
  handedOverParts: Record<string, string>,
): Map<string, Set<string>> {
  const own = new Map<string, Set<string>>(
    [...modules].map(([file, module]) => [file, new Set(module.calls)]),
  );
  for (let changed = true; changed;) {
    changed = false;
    for (const [file, module] of modules) {
      const mine = own.get(file)!;
      for (const imported of module.imports)
        for (const call of own.get(imported)!) if (!mine.has(call)) changed = mine.add(call) !== undefined;
    }
  }
  const importers = new Map<string, string[]>([...modules.keys()].map((file) => [file, []]));
  const webSrc = path.join(root, 'web/src');
  const handedOver = new Set(Object.keys(handedOverParts).map((file) => path.join(webSrc, file)));
  for (const [file, module] of modules) {
    for (const target of module.imports) importers.get(target)!.push(file);
    for (const target of module.loads) if (!handedOver.has(target)) importers.get(target)!.push(file);
  }
  for (const [part, page] of Object.entries(handedOverParts))
    importers.get(path.join(webSrc, part))!.push(path.join(webSrc, page));
  const everything = new Set([...own.values()].flatMap((calls) => [...calls]));
  // Greatest fixed point: start from "everything" where a module has importers, and narrow.
  const before = new Map<string, Set<string>>(
    [...modules.keys()].map((file) => [
      file,
      importers.get(file)!.length > 0 ? new Set(everything) : new Set(own.get(file)),
    ]),
  );
  for (let changed = true; changed;) {
    changed = false;
    for (const file of modules.keys()) {
      const from = importers.get(file)!;
      if (from.length === 0) continue;
      const next = new Set(own.get(file));
      for (const call of everything)
        if (from.every((importer) => before.get(importer)!.has(call))) next.add(call);
      if (next.size !== before.get(file)!.size) {
        before.set(file, next);
        changed = true;
      }
    }
  }
  return before;
}

/**
 * The keys a module's code names in quotes that a language does not always have (they come with an `add…Texts`)
 * and that none of the `add…Texts` run before it adds: shown raw, as `ladders.joinDialog.completeAccount` was on an
 * invitation page in English. As "module: language key" lines.
 */
function textsNotAddedWhereUsed(
  modules: Map<string, WebModule>,
  always: Record<'en' | 'nl', Set<string>>,
  adders: Map<string, Record<'en' | 'nl', Set<string>>>,
  handedOverParts: Record<string, string> = renderedBy,
): string[] {
  const before = textsAddedBefore(modules, handedOverParts);
  const added = new Set([...adders.values()].flatMap((keys) => [...keys.en, ...keys.nl]));
  const problems: string[] = [];
  for (const [file, module] of modules) {
    if (file.startsWith(`${localesDir}${path.sep}`)) continue;
    const used = new Set(
      [...module.code.matchAll(/['"`]([\w.]+)['"`]/g)]
        .map((match) => match[1]!)
        .filter((key) => added.has(key)),
    );
    for (const key of used)
      for (const language of ['en', 'nl'] as const) {
        if (always[language].has(key)) continue;
        const providers = [...adders].filter(([, keys]) => keys[language].has(key)).map(([name]) => name);
        if (!providers.some((name) => before.get(file)!.has(name)))
          problems.push(
            `${path.relative(root, file)}: ${language} ${key} (added by ${providers.join(' or ')})`,
          );
      }
  }
  return problems;
}

describe('the texts of web/src/locales', () => {
  it('in English are each used: named whole in quotes by the web code, or built by it (dynamicKeys)', async () => {
    const keys = keysOfAll(await bundlesOf('en'));
    expect(keys.length).toBeGreaterThan(500);
    expect(unusedKeys(keys, webCode(), dynamicKeyPattern(dynamicKeys))).toEqual([]);
    // An entry of dynamicKeys that covers no text any more is stale.
    const stale = dynamicKeys.filter(
      (glob) => !keys.map(askedKey).some((key) => dynamicKeyPattern([glob]).test(key)),
    );
    expect(stale).toEqual([]);
  });

  it('are there wherever the code shows them: the module or what runs before it adds them, in both languages', async () => {
    const always = {
      en: new Set(keysOf(en).map(askedKey)),
      nl: new Set(keysOf(nl).map(askedKey)),
    };
    const problems = textsNotAddedWhereUsed(webModules(), always, await addersOf());
    expect(problems).toEqual([]);
  });

  it('the module check finds a key shown where no module before it added its texts', () => {
    const at = (name: string) => path.join(root, 'web/src', name);
    const module = (code: string, imports: string[] = [], loads: string[] = []): WebModule => ({
      code,
      imports,
      loads,
      calls: [...code.matchAll(/\b(add\w+Texts)\(/g)].map((match) => match[1]!),
    });
    const modules = new Map<string, WebModule>([
      // The page adds its texts; what it imports or loads shows them after it ran.
      [at('page.tsx'), module('addPageTexts(i18n);', [at('part.tsx'), at('shared.tsx')], [at('lazy.tsx')])],
      [at('part.tsx'), module("t('page.title')")],
      [at('lazy.tsx'), module("t('page.title')")],
      // Also imported by a module that added nothing: shown raw there.
      [at('other.tsx'), module("t('page.title')", [at('shared.tsx')])],
      [at('shared.tsx'), module("t('page.title')")],
    ]);
    const always = { en: new Set<string>(), nl: new Set(['page.title']) };
    const adders = new Map([['addPageTexts', { en: new Set(['page.title']), nl: new Set<string>() }]]);
    expect(textsNotAddedWhereUsed(modules, always, adders, {})).toEqual([
      'web/src/other.tsx: en page.title (added by addPageTexts)',
      'web/src/shared.tsx: en page.title (added by addPageTexts)',
    ]);
  });

  it('in Dutch have the same keys as in English', async () => {
    expect(keysOfAll(await bundlesOf('nl'))).toEqual(keysOfAll(await bundlesOf('en')));
  });

  it('the check finds a text no code uses, and takes a plural form or a built key for a use', () => {
    const code = "t('used.text'); t('used.count', { count }); t(`built.${kind}`)";
    const dynamic = dynamicKeyPattern(['built.{a,b}']);
    const keys = [
      'used.text',
      'used.count_one',
      'used.count_other',
      'built.a',
      'built.b',
      'built.c',
      'unused',
    ];
    expect(unusedKeys(keys, code, dynamic)).toEqual(['built.c', 'unused']);
  });
});
