import { sameValue } from './form-values.ts';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface Rebased<T> {
  values: T;
  /** Paths that both the reader and the newer copy changed; the reader's value was kept. */
  overlapping: string[];
}

/**
 * Puts the reader's unsaved edits on top of a newer copy of the record (three-way merge).
 * `base` is what the reader last saved or loaded, `mine` is the form now, `theirs` the newer copy.
 * A field the reader has not touched since `base` takes the newer value; a field the reader changed
 * keeps the reader's value, so nothing typed is lost. Objects merge key by key (each checkpoint on
 * its own); arrays and scalars are one value each (the spare-part lines move as a whole).
 */
export function rebase<T>(base: T, mine: T, theirs: T): Rebased<T> {
  const overlapping: string[] = [];
  const walk = (b: unknown, m: unknown, t: unknown, path: string): unknown => {
    if (sameValue(m, b)) return t;
    if (isPlainObject(b) && isPlainObject(m) && isPlainObject(t)) {
      const out: Record<string, unknown> = {};
      for (const key of new Set([...Object.keys(t), ...Object.keys(m)])) {
        out[key] = walk(b[key], m[key], t[key], path === '' ? key : `${path}.${key}`);
      }
      return out;
    }
    if (!sameValue(t, b) && !sameValue(t, m)) overlapping.push(path);
    return m;
  };
  return { values: walk(base, mine, theirs, '') as T, overlapping };
}
