// No source file above 500 lines without its reason at the top (issue 30): a long file says, in
// its first 40 lines, "Over 500 lines on purpose: <why>". Tests, browser tests, generated files and
// data (locales, migrations) are not source. Run by `npm run lint`; exits 1 naming each offender.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const MAX = 500;
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const NOT_SOURCE = [/\.test\.tsx?$/, /\.e2e\.ts$/, /(^|\/)dist\//, /\/migrations\//, /\.d\.ts$/];
const REASON = /over 500 lines on purpose/i;

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => SOURCE.test(f) && !NOT_SOURCE.some((re) => re.test(f)));
const offenders = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // deleted in the work tree
  }
  const lines = text.split('\n');
  const count = lines.at(-1) === '' ? lines.length - 1 : lines.length;
  if (count > MAX && !REASON.test(lines.slice(0, 40).join('\n'))) offenders.push(`${file}: ${count} lines`);
}
for (const o of offenders) console.error(o);
if (offenders.length) {
  console.error(
    `${offenders.length} source file(s) over ${MAX} lines without "Over ${MAX} lines on purpose: <why>" at the top: split them or say why`,
  );
  process.exit(1);
}
console.log(`file sizes: ${files.length} source files, none over ${MAX} lines without its reason`);
