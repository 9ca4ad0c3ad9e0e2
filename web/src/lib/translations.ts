/**
 * The app's texts: nested objects per language and namespace, looked up by dotted key (`ladders.title`,
 * `timeline:status.planned` in another namespace), with `{{name}}` placeholders and plural forms `key_one`,
 * `key_other` (chosen by `Intl.PluralRules` from `count`). English is the fallback of every language.
 *
 * This is the part of i18next the app used, in 2 kB instead of i18next's 18 kB gzip on every public page (its
 * size budget, docs/decisions/web.md "Texts without i18next"); the resources and call sites keep i18next's format.
 */

/** Options of one lookup: placeholder values, `count` for the plural form, a `defaultValue` for a missing key. */
export type TranslateOptions = { count?: number; defaultValue?: string; lng?: string } & Record<
  string,
  unknown
>;

export type Texts = { [key: string]: string | Texts };
type Listener = (language: string) => void;

const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;
const NS_SEPARATOR = ':';

function isTexts(value: unknown): value is Texts {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `target` with `source` merged in, deeply; `overwrite` decides who wins where both have a text. */
function merge(target: Texts, source: Texts, overwrite: boolean): Texts {
  const out: Texts = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const current = out[key];
    if (isTexts(current) && isTexts(value)) out[key] = merge(current, value, overwrite);
    else if (current === undefined || overwrite) out[key] = value;
  }
  return out;
}

/** The text at `path`; a key may itself hold a dot (`kinds['challenge.received']`), as i18next allowed. */
function lookUp(texts: Texts | undefined, path: string): string | undefined {
  return texts === undefined ? undefined : lookUpParts(texts, path.split('.'), 0);
}

function lookUpParts(
  node: string | Texts | undefined,
  parts: readonly string[],
  from: number,
): string | undefined {
  if (from === parts.length) return typeof node === 'string' ? node : undefined;
  if (!isTexts(node)) return undefined;
  for (let to = from + 1; to <= parts.length; to++) {
    const key = parts.slice(from, to).join('.');
    if (!Object.hasOwn(node, key)) continue;
    const found = lookUpParts(node[key], parts, to);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The resources shared by an instance and its clones: language → namespace → texts. */
type Store = Map<string, Map<string, Texts>>;

export class Translations {
  readonly fallbackLanguage: string;
  readonly defaultNamespace: string;
  private current: string;
  private readonly store: Store;
  private readonly listeners = new Set<Listener>();
  private readonly pluralRules = new Map<string, Intl.PluralRules>();

  constructor(options: {
    language: string;
    fallbackLanguage: string;
    defaultNamespace?: string;
    store?: Store;
  }) {
    this.current = options.language;
    this.fallbackLanguage = options.fallbackLanguage;
    this.defaultNamespace = options.defaultNamespace ?? 'translation';
    this.store = options.store ?? new Map();
  }

  get language(): string {
    return this.current;
  }

  /** i18next's name for the language in use; the same here (every language has its texts before it is used). */
  get resolvedLanguage(): string {
    return this.current;
  }

  /** Adds (deeply merges) `texts` to `language`'s `namespace`; with `overwrite`, its texts replace those there. */
  addResourceBundle(
    language: string,
    namespace: string,
    texts: Texts,
    _deep = true,
    overwrite = false,
  ): this {
    const namespaces = this.store.get(language) ?? new Map<string, Texts>();
    namespaces.set(namespace, merge(namespaces.get(namespace) ?? {}, texts, overwrite));
    this.store.set(language, namespaces);
    return this;
  }

  hasResourceBundle(language: string, namespace: string): boolean {
    return this.store.get(language)?.has(namespace) ?? false;
  }

  getResource(language: string, namespace: string, key: string): string | undefined {
    return lookUp(this.store.get(language)?.get(namespace), key);
  }

  /** Whether `key` has a text in `lng` (or the fallback language). */
  exists(key: string, options: { lng?: string } = {}): boolean {
    return this.find(key, options.lng ?? this.current) !== undefined;
  }

  /** Switches the language and tells the listeners; the texts must have been added first (lib/i18n.ts). */
  changeLanguage(language: string): Promise<void> {
    if (language !== this.current) {
      this.current = language;
      for (const listener of this.listeners) listener(language);
    }
    return Promise.resolve();
  }

  /** Calls `listener` after every language change; returns the unsubscribe (React's `useSyncExternalStore` shape). */
  readonly subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** i18next's event API, for the one event there is. */
  on(event: 'languageChanged', listener: Listener): void {
    if (event === 'languageChanged') this.listeners.add(listener);
  }

  /** An instance of its own in `language` over the same texts (a server render per request keeps its language). */
  cloneInstance(options: { lng: string }): Translations {
    return new Translations({
      language: options.lng,
      fallbackLanguage: this.fallbackLanguage,
      defaultNamespace: this.defaultNamespace,
      store: this.store,
    });
  }

  /** The text of `key` in the current language (or `options.lng`). */
  t(key: string, options?: TranslateOptions): string {
    return this.translate(options?.lng ?? this.current, key, options);
  }

  /** A `t` bound to `language` (and a namespace of keys without one). */
  getFixedT(language: string, namespace?: string): Lookup {
    return (key, options) => this.translate(options?.lng ?? language, key, options, namespace);
  }

  private translate(
    language: string,
    key: string,
    options: TranslateOptions = {},
    namespace?: string,
  ): string {
    const text = this.find(key, language, options.count, namespace) ?? options.defaultValue;
    if (text === undefined) return key;
    return text.replace(PLACEHOLDER, (_, name: string) => {
      const value = options[name];
      return value === undefined || value === null ? '' : String(value);
    });
  }

  /** The text of `key`: the plural form for `count` first, then the key itself; the language, then the fallback. */
  private find(key: string, language: string, count?: number, namespace?: string): string | undefined {
    const at = key.indexOf(NS_SEPARATOR);
    const ns = at > 0 ? key.slice(0, at) : (namespace ?? this.defaultNamespace);
    const path = at > 0 ? key.slice(at + 1) : key;
    const languages = language === this.fallbackLanguage ? [language] : [language, this.fallbackLanguage];
    for (const lng of languages) {
      const texts = this.store.get(lng)?.get(ns);
      if (count !== undefined) {
        const plural = lookUp(texts, `${path}_${this.pluralOf(lng, count)}`);
        if (plural !== undefined) return plural;
      }
      const text = lookUp(texts, path);
      if (text !== undefined) return text;
    }
    return undefined;
  }

  private pluralOf(language: string, count: number): Intl.LDMLPluralRule {
    let rules = this.pluralRules.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language);
      this.pluralRules.set(language, rules);
    }
    return rules.select(count);
  }
}

/** The dotted keys of a texts object, plural forms under their base key (`count_one` → `count`). */
export type KeysOf<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? Base : K}`
    : KeysOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A lookup of one language. */
type Lookup = (key: string, options?: TranslateOptions) => string;
