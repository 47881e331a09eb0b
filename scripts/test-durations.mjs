// Writes scripts/test-durations.json from vitest JSON reports: each test file's seconds, by path
// from the repository's root, for the longest-first sequencer (scripts/longest-first.mjs).
//   node scripts/test-durations.mjs .test-results/unit.json .test-results/e2e.json
// A file in several reports keeps its longest time; files not in the reports keep their entry.
import { readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const target = resolve(import.meta.dirname, 'test-durations.json');
const reports = process.argv.slice(2);
if (reports.length === 0) {
  console.error('usage: node scripts/test-durations.mjs <vitest JSON report>…');
  process.exit(2);
}

/** @type {Record<string, number>} */
const previous = JSON.parse(readFileSync(target, 'utf8'));
/** @type {Record<string, number>} */
const measured = {};
for (const report of reports) {
  /** @type {{ testResults: { name: string; startTime: number; endTime: number }[] }} */
  const json = JSON.parse(readFileSync(report, 'utf8'));
  for (const file of json.testResults) {
    const path = relative(root, file.name);
    const seconds = Math.round((file.endTime - file.startTime) / 100) / 10;
    measured[path] = Math.max(measured[path] ?? 0, seconds);
  }
}
const merged = { ...previous, ...measured };
const sorted = Object.fromEntries(
  Object.keys(merged)
    .sort()
    .map((path) => [path, merged[path]]),
);
writeFileSync(target, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${Object.keys(measured).length} files measured, ${Object.keys(sorted).length} recorded`);
