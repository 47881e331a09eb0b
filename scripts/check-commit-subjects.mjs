// Commit subjects are read as a list (`git log --oneline`): at most 72 characters, saying what
// changed, the why in the body (issue 30). Checks every commit after the one that set the rule;
// older subjects stay as they were written. Run by .ci/run; exits 1 naming each offender.
import { execFileSync } from 'node:child_process';

const SINCE = '9bf251d'; // the last commit before the rule
const MAX = 72;

let log;
try {
  log = execFileSync('git', ['log', '--format=%h%x09%s', `${SINCE}..HEAD`], { encoding: 'utf8' });
} catch {
  console.log('commit subjects: no git history here (a shallow clone or an export); nothing checked');
  process.exit(0);
}
const commits = log.split('\n').filter(Boolean);
const long = commits
  .map((line) => line.split('\t'))
  .filter(([, subject = '']) => [...subject].length > MAX || subject.trim() === '');
for (const [hash, subject = ''] of long) {
  console.error(`${hash}: ${[...subject].length} characters (at most ${MAX}): ${subject}`);
}
console.log(`commit subjects: ${commits.length} checked, ${long.length} over ${MAX} characters or empty`);
process.exit(long.length ? 1 : 0);
