import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  choiceParam,
  flagParam,
  optionalChoiceParam,
  pageParam,
  readListParams,
  textParam,
  useListParams,
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

describe('useListParams', () => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={['/list?keep=1']}>{children}</MemoryRouter>
  );
  const useList = () => ({ list: useListParams(codecs), location: useLocation() });

  it('two changes before a render both reach the URL (the later does not undo the earlier)', async () => {
    const { result } = renderHook(useList, { wrapper });
    act(() => {
      const [, update] = result.current.list;
      update({ search: 'pump' });
      update({ inactive: true });
      update({ size: 50 });
      update((previous) => ({ search: `${previous.search} seal` }));
    });
    await waitFor(() =>
      expect(result.current.list[0]).toMatchObject({ search: 'pump seal', inactive: true, size: 50 }),
    );
    expect(new URLSearchParams(result.current.location.search).get('keep')).toBe('1');
  });

  it('after a render, an update starts from the URL shown (Back is not undone)', async () => {
    const { result } = renderHook(useList, { wrapper });
    act(() => result.current.list[1]({ search: 'pump' }));
    await waitFor(() => expect(result.current.list[0].search).toBe('pump'));
    act(() => result.current.list[1]({ search: 'valve' }));
    await waitFor(() => expect(result.current.list[0].search).toBe('valve'));
    act(() => result.current.list[1]({ inactive: true }));
    await waitFor(() => expect(result.current.list[0]).toMatchObject({ search: 'valve', inactive: true }));
  });
});
