import { STORAGE_KEYS } from '@service-portal/shared/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, normalizeLanguage } from './i18n.ts';

describe('normalizeLanguage', () => {
  it.each([
    ['no', 'nb'],
    ['nn-NO', 'nb'],
    ['nb-NO', 'nb'],
    ['NB', 'nb'],
    ['en-US', 'en'],
    ['es-419', 'es'],
    ['de-DE', 'de'],
  ])('%s → %s', (code, expected) => {
    expect(normalizeLanguage(code)).toBe(expected);
  });
});

describe('language detection', () => {
  afterEach(() => {
    document.documentElement.lang = 'en';
  });

  function detect(): string | undefined {
    const detected = i18n.services.languageDetector?.detect();
    const codes = detected === undefined ? [] : Array.isArray(detected) ? detected : [detected];
    return i18n.services.languageUtils.getBestMatchFromCodes(codes);
  }

  it('prefers the stored choice over the browser language', () => {
    window.localStorage.setItem(STORAGE_KEYS.language, 'es');
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['nb-NO']);
    expect(detect()).toBe('es');
  });

  it('uses the browser language next, reading Norwegian as Bokmål', () => {
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['nn-NO', 'en']);
    expect(detect()).toBe('nb');
  });

  it('falls back to the page language, then English', () => {
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    vi.spyOn(window.navigator, 'language', 'get').mockReturnValue('de-DE');
    document.documentElement.lang = 'es';
    expect(detect()).toBe('es');

    document.documentElement.lang = 'fr';
    expect(detect()).toBe('en');
  });
});
