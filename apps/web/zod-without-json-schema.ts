import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const STUBBED = /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/;
const FAILURE = "throw new Error('zod JSON Schema output is not part of the web bundle (decision 032)');";

/**
 * Classic zod schemas carry a `toJSONSchema()` method and JSON Schema processors (about 5 KiB
 * gzipped on every signed-in route). The browser never turns a schema into JSON Schema (the server
 * writes the OpenAPI document), so in the production bundle those two modules are replaced by stubs
 * with the same exports that throw if ever called. Validation and parsing do not touch them.
 */
export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'service-portal:zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (!STUBBED.test(id)) return null;
      const source = readFileSync(id, 'utf8');
      const names = new Set(
        [...source.matchAll(/^export (?:function|const|let|class) (\w+)/gm)].map((m) => m[1] as string),
      );
      for (const m of source.matchAll(/^export \{([^}]*)\}/gm))
        for (const part of (m[1] ?? '').split(','))
          if (part.trim()) names.add(part.split(' as ').pop()?.trim() ?? '');
      names.delete('');
      return [...names]
        .map((name) =>
          name.startsWith('create')
            ? `export const ${name} = () => () => { ${FAILURE} };`
            : `export function ${name}() { ${FAILURE} }`,
        )
        .join('\n');
    },
  };
}
