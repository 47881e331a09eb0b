// Adds up the Vitest JSON reports of a CI run and prints the plain closing line
// "N passed, N failed" (plus skipped) that CI reads.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? '.test-results';
let passed = 0;
let failed = 0;
let skipped = 0;
const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
for (const file of files) {
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  console.log(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}
// The cluster test's closing figures (requests, instances restarted and killed, writes).
const clusterLog = path.join(dir, 'cluster.log');
if (existsSync(clusterLog)) {
  const line = readFileSync(clusterLog, 'utf8')
    // eslint-disable-next-line no-control-regex -- colour codes around the line
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .find((l) => l.startsWith('cluster figures:'));
  if (line) console.log(line);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
