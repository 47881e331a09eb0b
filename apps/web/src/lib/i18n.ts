import i18n from 'i18next';
import type { BackendModule, ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '@service-portal/shared/auth';
import en from '../locales/en.json';

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

// English ships in the entry chunk as the fallback; the others load on demand so the sign-in page stays small.
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: ResourceKey }>> = {
  nb: () => import('../locales/nb.json'),
  es: () => import('../locales/es.json'),
};

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (language === 'en') {
      callback(null, en);
      return;
    }
    const load = loaders[language as Exclude<Language, 'en'>] as (typeof loaders)['nb'] | undefined;
    if (load === undefined) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

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
    });
    return i18n
      .use(lazyLocales)
      .use(LanguageDetector)
      .use(initReactI18next)
      .init({
        resources: { en: { translation: en } },
        partialBundledLanguages: true,
        fallbackLng: FALLBACK_LANGUAGE,
        supportedLngs: SUPPORTED_LANGUAGES,
        load: 'languageOnly',
        returnEmptyString: false,
        interpolation: { escapeValue: false },
        // Texts are loaded before languageChanged fires, so components never need to suspend for them.
        react: { useSuspense: false },
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
