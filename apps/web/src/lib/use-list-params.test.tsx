import { describe, expect, it } from 'vitest';
import {
  choiceParam,
  flagParam,
  optionalChoiceParam,
  pageParam,
  readListParams,
  textParam,
  writeListParams,
} from './use-list-params.ts';
import type { ParamCodecs } from './use-list-params.ts';

interface ListState {
  search: string;
  sort: 'name:asc' | 'name:desc';
  size: number;
  status: 'open' | 'closed' | null;
  inactive: boolean;
  page: number;
}

const codecs: ParamCodecs<ListState> = {
  search: textParam('q'),
  sort: choiceParam('sort', ['name:asc', 'name:desc'] as const, 'name:asc'),
  size: choiceParam<number>('size', [10, 20, 50], 20),
  status: optionalChoiceParam('status', ['open', 'closed'] as const),
  inactive: flagParam('inactive'),
  page: pageParam(),
};

describe('list params in the URL', () => {
  it('reads every value, and anything unknown as its default', () => {
    expect(
      readListParams(
        codecs,
        new URLSearchParams('q=+kari+&sort=name:desc&size=50&status=open&inactive=1&page=3'),
      ),
    ).toEqual({ search: 'kari', sort: 'name:desc', size: 50, status: 'open', inactive: true, page: 3 });
    expect(
      readListParams(codecs, new URLSearchParams('sort=price&size=7&status=lost&inactive=no&page=-2')),
    ).toEqual({ search: '', sort: 'name:asc', size: 20, status: null, inactive: false, page: 1 });
    expect(readListParams(codecs, new URLSearchParams('page=1.5')).page).toBe(1);
  });

  it('leaves defaults out of the URL and keeps parameters it does not own', () => {
    const state: ListState = {
      search: '',
      sort: 'name:asc',
      size: 20,
      status: null,
      inactive: false,
      page: 1,
    };
    expect(writeListParams(codecs, state, new URLSearchParams('q=old&page=4&tab=users')).toString()).toBe(
      'tab=users',
    );
    expect(
      writeListParams(codecs, {
        ...state,
        search: 'a b',
        size: 50,
        status: 'closed',
        inactive: true,
        page: 2,
      }).toString(),
    ).toBe('q=a+b&size=50&status=closed&inactive=1&page=2');
  });
});
