import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 31 item 6: "07.04.2026" beside "Nov 29, 2026". Every screen writes a day, or a day and
// time, through lib/dates.ts (formatDay, formatDateTime, formatTime); no screen builds its own.
const SRC = join(import.meta.dirname, '..');
// toLocaleString is left out: numbers use it too (a VAT rate as typed).
const OWN_FORMAT = /dateStyle\s*:|timeStyle\s*:|toLocaleDateString|toLocaleTimeString/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('one date format everywhere', () => {
  it('no screen formats dates by itself', () => {
    const offenders = sources(SRC)
      .map((path) => relative(SRC, path).replaceAll('\\', '/'))
      .filter((path) => path !== 'lib/dates.ts')
      .filter((path) => OWN_FORMAT.test(readFileSync(join(SRC, path), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
