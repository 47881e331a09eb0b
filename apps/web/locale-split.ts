import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * The top-level locale namespaces the sign-in page and the app frame need before anything else
 * (issue 18, decision 029). `src/locales/<lang>.json?texts=core` is the file cut down to these,
 * `?texts=rest` the remainder; the sign-in page ships only the first.
 */
export const CORE_NAMESPACES = [
  'app',
  'auth',
  'common',
  'errors',
  'validation',
  'routeError',
  'screens',
  'forms',
  // The sign-in page's "Sign in with Shopify" and the shop callback's states.
  'shopAuth',
];

const PART = /^(.*\.json)\?texts=(core|rest)$/;
// A virtual id (the \0 keeps other plugins away; no ".json?" so the JSON plugin leaves it alone).
const VIRTUAL = /^\0locale-texts:(.*):(core|rest)$/;

/** Serves `<file>.json?texts=core|rest` as a module whose default export is that part of the JSON file. */
export function localeSplit(): Plugin {
  return {
    name: 'service-portal:locale-split',
    enforce: 'pre',
    async resolveId(source, importer) {
      const match = PART.exec(source);
      if (!match?.[1]) return null;
      const file = await this.resolve(match[1], importer, { skipSelf: true });
      return file ? `\0locale-texts:${file.id}:${match[2]}` : null;
    },
    load(id) {
      const match = VIRTUAL.exec(id);
      if (!match?.[1]) return null;
      this.addWatchFile(match[1]);
      const all = JSON.parse(readFileSync(match[1], 'utf8')) as Record<string, unknown>;
      const core = match[2] === 'core';
      const part = Object.fromEntries(
        Object.entries(all).filter(([ns]) => CORE_NAMESPACES.includes(ns) === core),
      );
      // JSON.parse of a string literal: smaller and quicker to parse than an object literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(part))});`;
    },
  };
}
