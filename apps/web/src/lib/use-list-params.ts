import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list screen's filters, sort and page kept in the URL, so a reload, a shared link and the back
 * button all show the same list (as the service-order list does). Each value has a codec: its URL
 * key, how a raw parameter reads (anything unknown reads as the default) and how it is written
 * (the default is left out to keep the URL short).
 */
export interface ParamCodec<T> {
  key: string;
  read: (raw: string | null) => T;
  /** `undefined` leaves the parameter out: the value is the default. */
  write: (value: T) => string | undefined;
}

/** Free text, trimmed; empty is the default. */
export function textParam(key: string): ParamCodec<string> {
  return { key, read: (raw) => raw?.trim() ?? '', write: (value) => value.trim() || undefined };
}

/** A 1-based page number; anything else reads as page 1. */
export function pageParam(key = 'page'): ParamCodec<number> {
  return {
    key,
    read: (raw) => {
      const page = Number(raw);
      return Number.isSafeInteger(page) && page > 1 ? page : 1;
    },
    write: (page) => (page > 1 ? String(page) : undefined),
  };
}

/** One of a fixed set of values, `fallback` when absent or unknown. */
export function choiceParam<T extends string | number>(
  key: string,
  allowed: readonly T[],
  fallback: T,
): ParamCodec<T> {
  return {
    key,
    read: (raw) => allowed.find((value) => String(value) === raw) ?? fallback,
    write: (value) => (value === fallback ? undefined : String(value)),
  };
}

/** One of a fixed set of values, or none (null). */
export function optionalChoiceParam<T extends string>(
  key: string,
  allowed: readonly T[],
): ParamCodec<T | null> {
  return {
    key,
    read: (raw) => allowed.find((value) => value === raw) ?? null,
    write: (value) => value ?? undefined,
  };
}

/** Several of a fixed set of values, comma-separated ("?status=created,scheduled"); none by default. */
export function listParam<T extends string>(key: string, allowed: readonly T[]): ParamCodec<T[]> {
  return {
    key,
    read: (raw) => {
      const wanted = new Set(raw?.split(',') ?? []);
      // In the set's own order, so the same filter always makes the same query key.
      return allowed.filter((value) => wanted.has(value));
    },
    write: (values) => (values.length > 0 ? values.join(',') : undefined),
  };
}

/** An on/off switch, off by default ("?inactive=1"). */
export function flagParam(key: string): ParamCodec<boolean> {
  return { key, read: (raw) => raw === '1' || raw === 'true', write: (on) => (on ? '1' : undefined) };
}

export type ParamCodecs<S> = { [K in keyof S]: ParamCodec<S[K]> };

export function readListParams<S>(codecs: ParamCodecs<S>, params: URLSearchParams): S {
  const state = {} as S;
  for (const name in codecs) state[name] = codecs[name].read(params.get(codecs[name].key));
  return state;
}

/**
 * `state` as URL parameters, always in the codecs' order (one list, one URL); parameters in
 * `current` that no codec owns are kept after them.
 */
export function writeListParams<S>(
  codecs: ParamCodecs<S>,
  state: S,
  current = new URLSearchParams(),
): URLSearchParams {
  const next = new URLSearchParams();
  const owned = new Set<string>();
  for (const name in codecs) {
    const { key, write } = codecs[name];
    owned.add(key);
    const value = write(state[name]);
    if (value !== undefined) next.set(key, value);
  }
  for (const [key, value] of current) if (!owned.has(key)) next.append(key, value);
  return next;
}

/** A patch, or a function of the newest state to a patch (for changes that build on it, such as a toggle). */
export type ListParamsUpdate<S> = (
  patch: Partial<S> | ((previous: S) => Partial<S>),
  options?: { replace?: boolean },
) => void;

/**
 * The screen's state read from the URL, and an update that pushes a history entry (so Back undoes
 * it) and goes back to page 1 whenever anything but the page changes. Pass `replace` for changes
 * that should not each become a history entry, such as typing in a search box. `codecs` is a
 * module-level constant, so the state is only read again when the URL changes.
 */
export function useListParams<S extends { page: number }>(codecs: ParamCodecs<S>): [S, ListParamsUpdate<S>] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListParams(codecs, params), [codecs, params]);
  // setSearchParams' function form starts from the URL of the last render, not of the last
  // navigation: two quick changes before a render (three column checkboxes on a slow phone) would
  // each start from the same URL, and the later would undo the earlier. An update starts from the
  // newest URL written here that no render has shown yet; a render of one of them drops it and
  // those before it, and a render of any other URL (Back, a link) drops them all.
  const written = useRef<string[]>([]);
  useEffect(() => {
    const shown = written.current.indexOf(params.toString());
    written.current = shown === -1 ? [] : written.current.slice(shown + 1);
  }, [params]);
  const update = useCallback<ListParamsUpdate<S>>(
    (patch, options) => {
      setParams(
        (rendered) => {
          const newest = written.current.at(-1);
          const current = newest === undefined ? rendered : new URLSearchParams(newest);
          const previous = readListParams(codecs, current);
          const change = typeof patch === 'function' ? patch(previous) : patch;
          const next = writeListParams(codecs, { ...previous, ...change, page: change.page ?? 1 }, current);
          written.current.push(next.toString());
          return next;
        },
        { replace: options?.replace ?? false },
      );
    },
    [codecs, setParams],
  );
  return [state, update];
}
