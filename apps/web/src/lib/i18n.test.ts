import { STORAGE_KEYS } from '@service-portal/shared/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import nb from '../locales/nb.json';
import { changeLanguage, detectLanguage, i18n, normalizeLanguage } from './i18n.ts';

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

  it('prefers the stored choice over the browser language', () => {
    window.localStorage.setItem(STORAGE_KEYS.language, 'es');
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['nb-NO']);
    expect(detectLanguage()).toBe('es');
  });

  it('skips a stored language it does not offer', () => {
    window.localStorage.setItem(STORAGE_KEYS.language, 'de');
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['es-419']);
    expect(detectLanguage()).toBe('es');
  });

  it('uses the browser language next, reading Norwegian as Bokmål', () => {
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['nn-NO', 'en']);
    expect(detectLanguage()).toBe('nb');
  });

  it('takes the first of the browser languages it offers', () => {
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['de-DE', 'fr', 'es-ES', 'en']);
    expect(detectLanguage()).toBe('es');
  });

  it('falls back to the page language, then English', () => {
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    vi.spyOn(window.navigator, 'language', 'get').mockReturnValue('de-DE');
    document.documentElement.lang = 'es';
    expect(detectLanguage()).toBe('es');

    document.documentElement.lang = 'fr';
    expect(detectLanguage()).toBe('en');
  });

  it('reads the browser language when storage is blocked', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['nb']);
    expect(detectLanguage()).toBe('nb');
  });
});

describe('language choice', () => {
  it('stores the chosen language, which the next visit detects first', async () => {
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['en-US']);
    await changeLanguage('nb');
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('nb');
    expect(document.documentElement.lang).toBe('nb');
    expect(detectLanguage()).toBe('nb');
    expect(i18n.t('nav.dashboard')).toBe(nb.nav.dashboard);
    // The core too: texts loaded ahead of a language's first read must not stand in for its core.
    expect(i18n.t('app.loadingApplication')).toBe(nb.app.loadingApplication);

    await changeLanguage('es');
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('es');
  });
});
