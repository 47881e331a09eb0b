import { describe, expect, it } from 'vitest';
import { clearFormDrafts, hasKeptFormDrafts } from './form-drafts-kept.ts';
import { formDraftKey, keepFormDrafts, registerFormDraft, takeFormDraft } from './form-drafts.ts';

const at = { pathname: '/customers/1', search: '?tab=x' };

describe('form drafts', () => {
  it('keeps the changed forms only, without files and dates, and gives each back once', () => {
    const key = formDraftKey('edit', at);
    const untouched = formDraftKey('other', at);
    const offEdit = registerFormDraft(key, () => ({
      name: 'Kari',
      tags: ['a'],
      when: new Date(0),
      file: new Blob(['x']),
    }));
    const offOther = registerFormDraft(untouched, () => null);
    keepFormDrafts();
    expect(hasKeptFormDrafts()).toBe(true);
    expect(takeFormDraft(untouched)).toBeNull();
    expect(takeFormDraft(key)).toEqual({ name: 'Kari', tags: ['a'] });
    expect(takeFormDraft(key)).toBeNull();
    expect(hasKeptFormDrafts()).toBe(false);
    offEdit();
    offOther();
    keepFormDrafts();
    expect(hasKeptFormDrafts()).toBe(false);
  });

  it('is keyed by screen and form, and a sign-out drops every draft', () => {
    const key = formDraftKey('edit', at);
    const off = registerFormDraft(key, () => ({ name: 'Kari' }));
    keepFormDrafts();
    expect(takeFormDraft(formDraftKey('edit', { pathname: '/customers/2', search: '' }))).toBeNull();
    clearFormDrafts();
    expect(takeFormDraft(key)).toBeNull();
    off();
  });
});
