import i18n from 'i18next';
import type { BackendModule, ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '@service-portal/shared/auth';
import type en from '../locales/en.json';
import enCore from '../locales/en.json?texts=core';

export const SUPPORTED_LANGUAGES = ['en', 'nb', 'es'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

/** Endonyms: each language is named in itself so a reader finds theirs whatever the current language. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', nb: 'Norsk', es: 'Español' };

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every key of en.json; code that passes keys around (menus, route tables, error maps) uses this type. */
export type TranslationKey = Leaves<typeof en>;

// The texts come in parts (locale-split.ts, decision 036): the core namespaces the sign-in page and
// the app frame need, and one group per other namespace. English core ships in the entry chunk as
// the fallback; a screen loads the groups its code uses (`loadTexts`, router.tsx `withTexts`) with
// its chunk, in English and in the reader's language, so the sign-in page stays small and no screen
// pays for another's texts (issue 18). `loadAllTexts` loads the whole rest instead (tests).
type Texts = { default: ResourceKey };
const coreLoaders: Record<Exclude<Language, 'en'>, () => Promise<Texts>> = {
  nb: () => import('../locales/nb.json?texts=core'),
  es: () => import('../locales/es.json?texts=core'),
};
const restLoaders: Record<Language, () => Promise<Texts>> = {
  en: () => import('../locales/en.json?texts=rest'),
  nb: () => import('../locales/nb.json?texts=rest'),
  es: () => import('../locales/es.json?texts=rest'),
};

type TextTable = {
  textGroups: Record<string, () => Promise<Texts>>;
  routeTexts: Record<string, readonly string[]>;
};
/** Per language: its group loaders and the screens' groups (locale-split.ts). */
const tableLoaders: Record<Language, () => Promise<TextTable>> = {
  en: () => import('virtual:locale-texts/en'),
  nb: () => import('virtual:locale-texts/nb'),
  es: () => import('virtual:locale-texts/es'),
};

/** Set once something asked for every text: each language read from then on comes whole. */
let allTexts = false;
const restLoaded = new Map<Language, Promise<void>>();
/** The groups screens asked for so far: a language switched to loads them all. */
const wantedGroups = new Set<string>();
/** `<language>:<group>` → its loading. */
const groupsLoaded = new Map<string, Promise<void>>();
/**
 * Languages whose core the backend has read (English ships in the entry). Groups are added only to
 * these: i18next does not read a language that already has texts, so adding a group first would
 * leave that language without its core.
 */
const readLanguages = new Set<Language>([FALLBACK_LANGUAGE]);

function remember(map: Map<string, Promise<void>>, id: string, load: () => Promise<void>): Promise<void> {
  let loading = map.get(id);
  if (loading === undefined) {
    loading = load();
    loading.catch(() => map.delete(id));
    map.set(id, loading);
  }
  return loading;
}

function addTexts(language: Language, module: Texts): void {
  i18n.addResourceBundle(language, 'translation', module.default, true, false);
}

function loadRest(language: Language): Promise<void> {
  return remember(restLoaded, language, () => restLoaders[language]().then((m) => addTexts(language, m)));
}

const tables = new Map<Language, Promise<TextTable>>();
function table(language: Language): Promise<TextTable> {
  let loading = tables.get(language);
  if (loading === undefined) {
    loading = tableLoaders[language]();
    loading.catch(() => tables.delete(language));
    tables.set(language, loading);
  }
  return loading;
}

function loadGroup(language: Language, group: string): Promise<Texts> {
  return table(language).then((t) => t.textGroups[group]?.() ?? { default: {} });
}

function loadGroups(language: Language, groups: Iterable<string>): Promise<void> {
  if (!readLanguages.has(language)) return Promise.resolve();
  const rest = restLoaded.get(language);
  if (rest !== undefined) return rest;
  const loads = [...groups].map((group) =>
    remember(groupsLoaded, `${language}:${group}`, () =>
      loadGroup(language, group).then((m) => addTexts(language, m)),
    ),
  );
  return Promise.all(loads).then(() => undefined);
}

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (!isLanguage(language)) {
      callback(null, {});
      return;
    }
    const core = language === 'en' ? Promise.resolve({ default: enCore }) : coreLoaders[language]();
    const whole = allTexts;
    const groups = whole ? [] : [...wantedGroups];
    const more = whole ? [restLoaders[language]()] : groups.map((group) => loadGroup(language, group));
    Promise.all([core, ...more]).then(
      (parts) => {
        readLanguages.add(language);
        if (whole) restLoaded.set(language, Promise.resolve());
        for (const group of groups) groupsLoaded.set(`${language}:${group}`, Promise.resolve());
        callback(null, Object.assign({}, ...parts.map((part) => part.default as object)) as ResourceKey);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/**
 * Loads every namespace of the current language and of English (the fallback); from then on a
 * language switch loads whole languages. Tests await it; a screen the texts scan does not know gets it.
 */
export function loadAllTexts(): Promise<void> {
  allTexts = true;
  const current = currentLanguage();
  return Promise.all([loadRest(FALLBACK_LANGUAGE), loadRest(current)]).then(() => undefined);
}

/**
 * Loads the groups a screen's code uses (`screen` as router.tsx imports it: `routes/dashboard`,
 * `layout/app-layout`), in English and in the current language. The screen's chunk awaits it, so
 * it never shows a key instead of its text.
 */
export function loadTexts(screen: string): Promise<void> {
  const current = currentLanguage();
  if (current !== FALLBACK_LANGUAGE) void table(current).catch(() => undefined);
  return table(FALLBACK_LANGUAGE).then(({ routeTexts }) => {
    const groups = routeTexts[screen];
    if (groups === undefined) return loadAllTexts();
    for (const group of groups) wantedGroups.add(group);
    const language = currentLanguage();
    return Promise.all([
      loadGroups(FALLBACK_LANGUAGE, groups),
      language === FALLBACK_LANGUAGE ? undefined : loadGroups(language, groups),
    ]).then(() => undefined);
  });
}

/** The texts a language needs for the screens seen so far (before switching to it). */
function loadWanted(language: Language): Promise<void> {
  // A language not read yet gets them with its core (the backend's read).
  if (!readLanguages.has(language)) return Promise.resolve();
  return allTexts ? loadRest(language) : loadGroups(language, wantedGroups);
}

/** Browsers report Norwegian as no, nb or nn (with regions); all of them read Bokmål. */
export function normalizeLanguage(code: string): string {
  const base = code.toLowerCase().split(/[-_]/)[0] ?? '';
  if (base === 'no' || base === 'nn' || base === 'nb') return 'nb';
  return base;
}

export function isLanguage(code: string | undefined): code is Language {
  return SUPPORTED_LANGUAGES.includes(code as Language);
}

/**
 * The reader's language: the one chosen before (stored), else the browser's first supported one,
 * else the page's, else English (what i18next-browser-languagedetector did with our options).
 */
export function detectLanguage(): Language {
  const found: (string | null | undefined)[] = [];
  try {
    found.push(window.localStorage.getItem(STORAGE_KEYS.language));
  } catch {
    // Storage blocked (privacy settings): the browser's language decides.
  }
  found.push(...(window.navigator.languages ?? []), window.navigator.language, document.documentElement.lang);
  for (const code of found) {
    const language = code ? normalizeLanguage(code) : undefined;
    if (isLanguage(language)) return language;
  }
  return FALLBACK_LANGUAGE;
}

function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.language, language);
  } catch {
    // Not stored: the next visit detects again.
  }
}

let initialized: Promise<unknown> | null = null;

/** Resolves once the detected language's texts are loaded, so the first render is already translated. */
export function initI18n(): Promise<unknown> {
  initialized ??= (() => {
    i18n.on('languageChanged', (language) => {
      document.documentElement.lang = isLanguage(language) ? language : FALLBACK_LANGUAGE;
      if (!isLanguage(language)) return;
      storeLanguage(language);
      // Screens opened while this language was loading (or before it was chosen) get its texts now.
      void loadWanted(language);
    });
    return i18n
      .use(lazyLocales)
      .use(initReactI18next)
      .init({
        lng: detectLanguage(),
        resources: { en: { translation: enCore } },
        partialBundledLanguages: true,
        fallbackLng: FALLBACK_LANGUAGE,
        supportedLngs: SUPPORTED_LANGUAGES,
        load: 'languageOnly',
        returnEmptyString: false,
        interpolation: { escapeValue: false },
        // Texts are loaded before languageChanged fires, so components never need to suspend for them.
        react: { useSuspense: false, bindI18nStore: 'added' },
      });
  })();
  return initialized;
}

/** Switches with the open screens' texts loaded first, so nothing shows in English meanwhile. */
export function changeLanguage(language: Language): Promise<unknown> {
  return loadWanted(language)
    .catch(() => undefined)
    .then(() => i18n.changeLanguage(language));
}

export function currentLanguage(): Language {
  const resolved = i18n.resolvedLanguage;
  return isLanguage(resolved) ? resolved : FALLBACK_LANGUAGE;
}

export { i18n };
