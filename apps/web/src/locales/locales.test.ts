import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import es from './es.json';
import nb from './nb.json';

// The three languages must offer the same texts, and every text that shows a count must have the
// plural forms i18next picks from with `t(key, { count })` (decision 029).

type Tree = { [key: string]: string | Tree };
const LOCALES: Record<string, Tree> = { en, nb, es };
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const flat = Object.fromEntries(Object.entries(LOCALES).map(([lang, tree]) => [lang, leaves(tree)]));

describe('locale files', () => {
  it.each(['nb', 'es'])('en and %s have the same keys (plural forms aside)', (lang) => {
    // Plural keys count by their base: Spanish has a "many" form that English lacks.
    const bases = (texts: Map<string, string>) =>
      new Set([...texts.keys()].map((k) => k.replace(PLURAL_SUFFIX, '')));
    const english = bases(flat.en!);
    const other = bases(flat[lang]!);
    expect(
      [...english].filter((key) => !other.has(key)),
      `missing in ${lang}`,
    ).toEqual([]);
    expect(
      [...other].filter((key) => !english.has(key)),
      `only in ${lang}`,
    ).toEqual([]);
  });

  it.each(Object.keys(LOCALES))(
    '%s: every text with {{count}} has all the plural forms of the language',
    (lang) => {
      const texts = flat[lang]!;
      const problems: string[] = [];
      for (const [key, value] of texts) {
        if (!value.includes('{{count}}')) continue;
        if (!PLURAL_SUFFIX.test(key)) {
          problems.push(`${key} shows {{count}} but has no plural forms`);
          continue;
        }
        const base = key.replace(PLURAL_SUFFIX, '');
        // Every category the language's plural rules can pick (Spanish also has "many": 1 000 000).
        for (const form of new Intl.PluralRules(lang).resolvedOptions().pluralCategories) {
          if (!texts.has(`${base}_${form}`)) problems.push(`${base}_${form} is missing`);
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it.each(Object.keys(LOCALES))('%s: plural forms keep the same placeholders', (lang) => {
    const texts = flat[lang]!;
    const problems: string[] = [];
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [key, value] of texts) {
      if (!key.endsWith('_one')) continue;
      const other = texts.get(key.replace(/_one$/, '_other'));
      if (other !== undefined && placeholders(value).join() !== placeholders(other).join())
        problems.push(key);
    }
    expect(problems).toEqual([]);
  });
});

describe('plural texts', () => {
  it.each([
    ['en', 1, '1 open work log'],
    ['en', 2, '2 open work logs'],
    ['nb', 1, '1 åpen arbeidslogg'],
    ['nb', 0, '0 åpne arbeidslogger'],
    ['es', 1, '1 registro abierto'],
    ['es', 1_000_000, '1000000 registros abiertos'],
  ])('%s with %d reads "%s"', async (lng, count, expected) => {
    const i18n = createInstance();
    await i18n.init({
      lng,
      resources: { [lng]: { translation: LOCALES[lng]! } },
      interpolation: { escapeValue: false },
    });
    expect(i18n.t('workLogs.totals.openCount', { count })).toBe(expected);
  });
});
