import { EMAIL_MESSAGE, OTP_MESSAGE } from '@service-portal/shared/auth';
import { VALIDATION_MESSAGES } from '@service-portal/shared/validation';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import es from './es.json';
import nb from './nb.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = `${prefix}${key}`;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, `${path}.`)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

const english = flatten(en);
const translations = { nb: flatten(nb), es: flatten(es) };

describe('locales', () => {
  it('gives every English text a non-empty value', () => {
    const empty = [...english].filter(([, value]) => value.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('carries the shared validation messages word for word under validation.*', () => {
    const expected = { ...VALIDATION_MESSAGES, emailInvalid: EMAIL_MESSAGE, otpCode: OTP_MESSAGE };
    const differing = Object.entries(expected)
      .filter(([id, text]) => english.get(`validation.${id}`) !== text)
      .map(([id]) => id);
    expect(differing).toEqual([]);
  });

  describe.each(Object.entries(translations))('%s', (_language, texts) => {
    it('has every English key', () => {
      expect([...english.keys()].filter((key) => !texts.has(key))).toEqual([]);
    });

    it('has no key English lacks', () => {
      expect([...texts.keys()].filter((key) => !english.has(key))).toEqual([]);
    });

    it('has no empty value', () => {
      expect([...texts].filter(([, value]) => value.trim() === '').map(([key]) => key)).toEqual([]);
    });

    it('keeps the interpolation variables of the English text', () => {
      const mismatched = [...english]
        .filter(
          ([key, value]) =>
            texts.has(key) && placeholders(texts.get(key) ?? '').join() !== placeholders(value).join(),
        )
        .map(([key]) => key);
      expect(mismatched).toEqual([]);
    });
  });

  it('has every key the code uses', () => {
    const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    const namespaces = Object.keys(en).join('|');
    // Any quoted "namespace.key" literal counts: t('…'), titleKey="…", { key: '…' }, ternaries inside t().
    const keyLiteral = new RegExp(`['"\`]((?:${namespaces})\\.[A-Za-z0-9_.]+)['"\`]`, 'g');

    const used = new Map<string, string>();
    for (const [file, source] of Object.entries(sources)) {
      for (const match of source.matchAll(keyLiteral)) if (match[1]) used.set(match[1], file);
      // t() with a literal outside the known namespaces would slip past the pattern above.
      for (const match of source.matchAll(/\bt\(\s*['"]([^'"]+)['"]/g))
        if (match[1]) used.set(match[1], file);
    }

    expect(used.size).toBeGreaterThan(50);
    // A plural key is used by its base name (t('x', { count })) and stored as x_one / x_other.
    const missing = [...used]
      .filter(([key]) => !english.has(key) && !english.has(`${key}_other`))
      .map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });
});
