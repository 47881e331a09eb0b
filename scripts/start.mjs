// `npm start` (docs/decisions/080): builds only what changed since the last build (on a build of the
// web app the database is readied at the same time), then runs the server as `npm run start:built`
// does, in this process's place (signals passed on, its exit code returned).
//
// - Each build output keeps a content hash of its sources beside it (apps/web/dist/.vite/source-hash,
//   apps/server/dist/source-hash): the workspace's files, the shared package, the lockfile and
//   this script. Same hash and the output is there: no rebuild. `npm run build` empties both
//   folders, so a build made any other way is rebuilt once by the next `npm start`.
// - The server is built first (esbuild, about a second); then the web app builds (Vite, then the
//   .br/.gz copies) while `apps/server/dist/prepare-cli.js` migrates the database and loads the
//   demo data into an empty one, on the other core. The server, started next, finds both done.
// - No type-checking here: `npm run typecheck` is CI's (and the editor's) job.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const at = (...parts) => path.join(root, ...parts);

/** Folders that are outputs or caches, and the workspaces' test folders: never an input of a build. */
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage']);
// apps/server/data: the data folder of `npm run dev -w @service-portal/server` (DATA_DIR=./data there).
const SKIP_PATHS = new Set(['apps/web/test', 'apps/server/test', 'packages/shared/test', 'apps/server/data']);
const SKIP_FILE = /\.(test|e2e)\.tsx?$|\.tsbuildinfo$/;

function listFiles(dir, rel, out) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    const relPath = `${rel}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !SKIP_PATHS.has(relPath)) listFiles(full, relPath, out);
    } else if (entry.isFile() && !SKIP_FILE.test(entry.name)) out.push(relPath);
  }
}

/** sha256 over the inputs' paths and contents (folders walked, files in a stable order) and `extra`. */
function sourceHash(inputs, extra = '') {
  const files = [];
  for (const input of inputs) {
    const full = at(input);
    if (!existsSync(full)) continue;
    if (readdirSafe(full)) listFiles(full, input, files);
    else files.push(input);
  }
  files.sort();
  const hash = createHash('sha256');
  hash.update(extra);
  for (const file of files) {
    hash.update(`\0${file}\0`);
    hash.update(readFileSync(at(file)));
  }
  return hash.digest('hex');
}

function readdirSafe(full) {
  try {
    readdirSync(full);
    return true;
  } catch {
    return false;
  }
}

const COMMON = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'packages/shared',
  'scripts/start.mjs',
];

const targets = {
  server: {
    workspace: '@service-portal/server',
    inputs: [...COMMON, 'apps/server'],
    outputs: ['apps/server/dist/server.js', 'apps/server/dist/prepare-cli.js'],
    stamp: at('apps/server/dist/source-hash'),
    extra: '',
  },
  web: {
    workspace: '@service-portal/web',
    inputs: [...COMMON, 'apps/web', 'scripts/precompress.mjs'],
    outputs: ['apps/web/dist/index.html', 'apps/web/dist/.vite/manifest.json'],
    stamp: at('apps/web/dist/.vite/source-hash'),
    // Vite builds VITE_* variables into the app.
    extra: Object.entries(process.env)
      .filter(([name]) => name.startsWith('VITE_'))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, value]) => `${name}=${value}`)
      .join('\n'),
  },
};

function upToDate(target, hash) {
  if (!target.outputs.every((file) => existsSync(at(file)))) return false;
  try {
    return readFileSync(target.stamp, 'utf8').trim() === hash;
  } catch {
    return false;
  }
}

function run(label, command, args) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) {
        console.log(`start: ${label} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
        resolve();
      } else reject(new Error(`${label} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

async function build(name, hash) {
  const target = targets[name];
  await run(`${name} build`, process.platform === 'win32' ? 'npm.cmd' : 'npm', [
    'run',
    'build',
    '--silent',
    '-w',
    target.workspace,
  ]);
  mkdirSync(path.dirname(target.stamp), { recursive: true });
  writeFileSync(target.stamp, `${hash}\n`);
}

async function main() {
  const started = performance.now();
  const hashes = {
    server: sourceHash(targets.server.inputs, targets.server.extra),
    web: sourceHash(targets.web.inputs, targets.web.extra),
  };
  const stale = Object.keys(targets).filter((name) => !upToDate(targets[name], hashes[name]));
  const hashMs = Math.round(performance.now() - started);
  if (stale.length === 0) {
    console.log(`start: web app and server unchanged since their last build (checked in ${hashMs} ms)`);
    return serve();
  }
  console.log(`start: building ${stale.join(' and ')} (sources changed or never built)`);
  if (stale.includes('server')) await build('server', hashes.server);
  if (stale.includes('web')) {
    // The database is readied meanwhile; on a database that is ready this takes a second.
    // Both run to their end before a failure of either is reported.
    const outcomes = await Promise.allSettled([
      build('web', hashes.web),
      run('database (migrations, demo data)', process.execPath, [at('apps/server/dist/prepare-cli.js')]),
    ]);
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
  }
  console.log(`start: built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return serve();
}

/** The server, as `npm run start:built` runs it (MALLOC_ARENA_MAX: docs/decisions/022). */
function serve() {
  const server = spawn(process.execPath, [at('apps/server/dist/server.js')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX || '2' },
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    // Ctrl-C reaches the server from the terminal as well; a signal sent to npm only is passed on.
    process.on(signal, () => {
      if (server.exitCode === null) server.kill(signal);
    });
  }
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

main().catch((err) => {
  console.error(`start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
