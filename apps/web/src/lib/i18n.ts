import i18n from 'i18next';
import type { BackendModule, ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
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

// The texts come in two parts (locale-split.ts): the core namespaces the sign-in page and the app
// frame need, and the rest, which loads with the signed-in layout or a public screen that needs it
// (`loadAllTexts`). English core ships in the entry chunk as the fallback; everything else loads on
// demand, so the sign-in page stays small (issue 18).
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

/** Set once a screen asked for every text: each language read from then on comes whole. */
let allTexts = false;
const restLoaded = new Map<Language, Promise<void>>();

function loadRest(language: Language): Promise<void> {
  let loading = restLoaded.get(language);
  if (loading === undefined) {
    loading = restLoaders[language]().then((module) => {
      i18n.addResourceBundle(language, 'translation', module.default, true, false);
    });
    loading.catch(() => restLoaded.delete(language));
    restLoaded.set(language, loading);
  }
  return loading;
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
    const rest = allTexts ? restLoaders[language]() : Promise.resolve({ default: {} });
    Promise.all([core, rest]).then(
      ([c, r]) => {
        if (allTexts) restLoaded.set(language, Promise.resolve());
        callback(null, { ...(c.default as object), ...r.default });
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/**
 * Loads every namespace of the current language and of English (the fallback); from then on a
 * language switch loads whole languages. The signed-in layout and the public screens outside the
 * core await it before they render.
 */
export function loadAllTexts(): Promise<void> {
  allTexts = true;
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : FALLBACK_LANGUAGE;
  return Promise.all([loadRest(FALLBACK_LANGUAGE), loadRest(current)]).then(() => undefined);
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

let initialized: Promise<unknown> | null = null;

/** Resolves once the detected language's texts are loaded, so the first render is already translated. */
export function initI18n(): Promise<unknown> {
  initialized ??= (() => {
    i18n.on('languageChanged', (language) => {
      document.documentElement.lang = isLanguage(language) ? language : FALLBACK_LANGUAGE;
      // A language read before the rest was asked for (chosen on the sign-in page) gets it now.
      if (allTexts && isLanguage(language)) void loadRest(language);
    });
    return i18n
      .use(lazyLocales)
      .use(LanguageDetector)
      .use(initReactI18next)
      .init({
        resources: { en: { translation: enCore } },
        partialBundledLanguages: true,
        fallbackLng: FALLBACK_LANGUAGE,
        supportedLngs: SUPPORTED_LANGUAGES,
        load: 'languageOnly',
        returnEmptyString: false,
        interpolation: { escapeValue: false },
        // Texts are loaded before languageChanged fires, so components never need to suspend for them.
        react: { useSuspense: false, bindI18nStore: 'added' },
        detection: {
          order: ['localStorage', 'navigator', 'htmlTag'],
          lookupLocalStorage: STORAGE_KEYS.language,
          caches: ['localStorage'],
          convertDetectedLanguage: normalizeLanguage,
        },
      });
  })();
  return initialized;
}

export function changeLanguage(language: Language): Promise<unknown> {
  return i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  const resolved = i18n.resolvedLanguage;
  return isLanguage(resolved) ? resolved : FALLBACK_LANGUAGE;
}

export { i18n };
