import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The top-level locale namespaces the sign-in page and the app frame need before anything else
 * (issue 18, decisions 029 and 036). `src/locales/<lang>.json?texts=core` is the file cut down to
 * these, `?texts=rest` the remainder and `?texts=group:<name>` one namespace outside the core.
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

/** `virtual:locale-texts/<lang>`: a language's group loaders and the screens' groups (`localeTextsModule`). */
export const LOCALE_TEXTS_ID = 'virtual:locale-texts/';
/** Written beside the Vite manifest on build: each screen's groups, for scripts/bundle-budget.mjs. */
export const ROUTE_TEXTS_FILE = '.vite/route-texts.json';

const PART = /^(.*\.json)\?texts=(core|rest|group:[\w-]+)$/;
// A virtual id (the \0 keeps other plugins away; no ".json?" so the JSON plugin leaves it alone).
const VIRTUAL = /^\0locale-texts:(.*):(core|rest|group:[\w-]+)$/;
const RESOLVED_TEXTS = /^\0virtual:locale-texts\/([\w-]+)$/;

export interface LocaleSplitOptions {
  /** The module whose `import('./…')` calls are the screens (default src/app/router.tsx). */
  router?: string;
  /** The locale files (default src/locales); English (en.json) names the groups. */
  locales?: string;
}

/**
 * Serves `<file>.json?texts=core|rest|group:<name>` as a module whose default export is that part of
 * the JSON file, and `virtual:locale-texts/<lang>`: a loader for each group of that language and, for
 * each screen the router imports lazily, the groups outside the core its code refers to (`scanRouteTexts`).
 */
export function localeSplit(options: LocaleSplitOptions = {}): Plugin {
  let root = process.cwd();
  const paths = () => ({
    router: path.resolve(root, options.router ?? 'src/app/router.tsx'),
    locales: path.resolve(root, options.locales ?? 'src/locales'),
  });
  return {
    name: 'service-portal:locale-split',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    async resolveId(source, importer) {
      if (source.startsWith(LOCALE_TEXTS_ID)) return `\0${source}`;
      const match = PART.exec(source);
      if (!match?.[1]) return null;
      const file = await this.resolve(match[1], importer, { skipSelf: true });
      return file ? `\0locale-texts:${file.id}:${match[2]}` : null;
    },
    load(id) {
      const table = RESOLVED_TEXTS.exec(id);
      if (table?.[1]) {
        const { router, locales } = paths();
        const scan = scanRouteTexts(router, path.join(locales, 'en.json'));
        for (const file of scan.files) this.addWatchFile(file);
        return localeTextsModule(path.join(locales, `${table[1]}.json`), scan.routes);
      }
      const match = VIRTUAL.exec(id);
      if (!match?.[1] || !match[2]) return null;
      this.addWatchFile(match[1]);
      const all = JSON.parse(readFileSync(match[1], 'utf8')) as Record<string, unknown>;
      const which = match[2];
      const part = Object.fromEntries(
        Object.entries(all).filter(([ns]) =>
          which === 'core'
            ? CORE_NAMESPACES.includes(ns)
            : which === 'rest'
              ? !CORE_NAMESPACES.includes(ns)
              : which === `group:${ns}`,
        ),
      );
      // JSON.parse of a string literal: smaller and quicker to parse than an object literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(part))});`;
    },
    generateBundle() {
      const { router, locales } = paths();
      const { routes } = scanRouteTexts(router, path.join(locales, 'en.json'));
      this.emitFile({ type: 'asset', fileName: ROUTE_TEXTS_FILE, source: JSON.stringify(routes, null, 2) });
    },
  };
}

/**
 * The source of `virtual:locale-texts/<lang>` (typed in src/lib/i18n-texts.d.ts): a loader per group
 * of that language and each screen's groups. One small chunk per language, loaded with the first
 * screen that needs texts beyond the core, so the sign-in page's entry chunk carries neither.
 */
function localeTextsModule(file: string, routes: Record<string, string[]>): string {
  const groups = [...new Set(Object.values(routes).flat())].sort();
  const loaders = groups.map(
    (group) => `${JSON.stringify(group)}: () => import(${JSON.stringify(`${file}?texts=group:${group}`)})`,
  );
  return [
    `export const textGroups = {\n  ${loaders.join(',\n  ')}\n};`,
    `export const routeTexts = JSON.parse(${JSON.stringify(JSON.stringify(routes))});`,
  ].join('\n');
}

export interface RouteTextScan {
  /** Each screen (its import path from the router's folder without `./` and extension, e.g. `routes/dashboard`): the groups outside the core it needs. */
  routes: Record<string, string[]>;
  /** Each screen: the groups its code names outright, without the record tables (`keys: { … }`). */
  direct: Record<string, string[]>;
  /** Each screen: the source files it reaches. */
  modules: Record<string, string[]>;
  /** Every source file read. */
  files: string[];
}

const STATIC_IMPORTS = [/\bfrom\s*['"]([^'"\n]+)['"]/g, /\bimport\s*['"]([^'"\n]+)['"]/g];
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g;
const SOURCE = /\.(ts|tsx|js|jsx|mts|mjs)$/;
/** A string, template or JSX attribute that starts with `<group>.` and goes on: `'orders.title'`, `` `status.${x}` ``, i18nKey="a.b". */
const KEY_START = /['"`]([A-Za-z]\w*)\.(?=[\w$])/g;
/** `keys: { … }` with no nested braces, and its `record: '<group>.…'` entries. */
const KEY_TABLE = /\bkeys:\s*\{[^{}]*\}/g;
const TABLE_ENTRY = /(\w+):\s*['"`]([A-Za-z]\w*)\./g;
const TYPE_DECLARATION = /\btype\s+\w+\s*=[^;]*;/g;
const WORD_STRING = /['"]([A-Za-z]\w*)['"]/g;
/** Workspace packages the web app imports from source (package.json `exports: { "./*": "./src/*.ts" }`). */
const WORKSPACE_PACKAGES: Record<string, string> = {
  '@service-portal/shared/': '../../packages/shared/src/',
};

interface SourceFacts {
  imports: string[];
  dynamicImports: string[];
  groups: string[];
  tables: [string, string][];
  words: Set<string>;
}

/** What the texts scan reads from source files; one per scan, so each file is read once. */
export function textScanner(englishFile: string) {
  const english = JSON.parse(readFileSync(englishFile, 'utf8')) as Record<string, unknown>;
  const groups = new Set(Object.keys(english).filter((ns) => !CORE_NAMESPACES.includes(ns)));
  const webRoot = path.resolve(path.dirname(englishFile), '../..');
  const packageRoots = Object.values(WORKSPACE_PACKAGES).map((dir) => path.resolve(webRoot, dir) + path.sep);
  const parsed = new Map<string, SourceFacts>();

  function read(file: string): SourceFacts {
    let facts = parsed.get(file);
    if (facts === undefined) {
      const source = readFileSync(file, 'utf8');
      const resolveAll = (pattern: RegExp) =>
        [...source.matchAll(pattern)]
          .map((m) => resolveImport(m[1] ?? '', file, webRoot))
          .filter((f): f is string => f !== null);
      // Key tables by record (lib/api-errors.ts `keys: { customer: 'customers.emailTaken' }`): a
      // group counts only where the record's name is a string, as in `subject: 'customer'`.
      const tables: [string, string][] = [];
      const rest = source.replace(KEY_TABLE, (block) => {
        for (const m of block.matchAll(TABLE_ENTRY)) {
          if (m[1] && m[2] && groups.has(m[2])) tables.push([m[1], m[2]]);
        }
        return ' ';
      });
      const used = new Set([...rest.matchAll(KEY_START)].map((m) => m[1] ?? '').filter((g) => groups.has(g)));
      // Type declarations (`type ProblemSubject = 'user' | …`) name records without using them, and
      // so do the shared package's wire values (a serial event's kind 'rental', a storage key 'user'):
      // records are named by the web app's own code, which calls the error mapping.
      const words = packageRoots.some((root) => file.startsWith(root))
        ? new Set<string>()
        : new Set([...rest.replace(TYPE_DECLARATION, ' ').matchAll(WORD_STRING)].map((m) => m[1] ?? ''));
      facts = {
        imports: [...new Set(STATIC_IMPORTS.flatMap(resolveAll))],
        dynamicImports: [...new Set(resolveAll(DYNAMIC_IMPORT))],
        groups: [...used].sort(),
        tables,
        words,
      };
      parsed.set(file, facts);
    }
    return facts;
  }

  /**
   * The groups outside the core that the modules `start` reaches name, and those modules. With
   * `dynamic`, imports on demand count too (a dialog or chart that loads later shows texts too).
   */
  function reach(start: string, { dynamic }: { dynamic: boolean }) {
    const seen = new Set<string>();
    const queue = [start];
    const direct = new Set<string>();
    const tables: [string, string][] = [];
    const words = new Set<string>();
    while (queue.length > 0) {
      const file = queue.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      const facts = read(file);
      for (const group of facts.groups) direct.add(group);
      for (const word of facts.words) words.add(word);
      tables.push(...facts.tables);
      queue.push(...facts.imports, ...(dynamic ? facts.dynamicImports : []));
    }
    const all = new Set(direct);
    for (const [record, group] of tables) if (words.has(record)) all.add(group);
    return { groups: [...all].sort(), direct: [...direct].sort(), modules: [...seen].sort() };
  }

  return {
    reach,
    resolve: (specifier: string, importer: string) => resolveImport(specifier, importer, webRoot),
    files: () => [...parsed.keys()],
  };
}

/**
 * Which groups of the locale file each screen needs, read from source: every module a screen reaches
 * through its imports (static and dynamic), every string in them that starts like a key of a group
 * outside the core (`t('orders.title')`, `` t(`status.${s}`) ``, i18nKey="…", key constants). A
 * string that only looks like a key (a form path `spareParts.0.name`) loads a group too many, never
 * one too few; a key the code assembles without a static `<group>.` at its start is not seen (no
 * code does; src/lib/i18n-routes.test.ts holds the screens to it).
 */
export function scanRouteTexts(routerFile: string, englishFile: string): RouteTextScan {
  const scanner = textScanner(englishFile);
  const routerSource = readFileSync(routerFile, 'utf8');
  const scan: RouteTextScan = { routes: {}, direct: {}, modules: {}, files: [] };
  for (const m of routerSource.matchAll(/\bimport\(\s*['"](\.\/[^'"]+)['"]\s*\)/g)) {
    const specifier = m[1] ?? '';
    const start = scanner.resolve(specifier, routerFile);
    if (start === null) continue;
    const name = specifier.slice(2).replace(SOURCE, '');
    const reached = scanner.reach(start, { dynamic: true });
    scan.routes[name] = reached.groups;
    scan.direct[name] = reached.direct;
    scan.modules[name] = reached.modules;
  }
  scan.files = [routerFile, englishFile, ...scanner.files()];
  return scan;
}

function resolveImport(specifier: string, importer: string, webRoot: string): string | null {
  let base: string | null = null;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(importer), specifier);
  else {
    for (const [prefix, dir] of Object.entries(WORKSPACE_PACKAGES)) {
      if (specifier.startsWith(prefix)) base = path.resolve(webRoot, dir, specifier.slice(prefix.length));
    }
  }
  if (base === null || base.includes('?')) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (SOURCE.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}
