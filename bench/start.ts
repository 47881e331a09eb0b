/**
 * A newcomer's first page (issue 33, item 5): `BENCH_ONLY=start npm run bench` (or
 * `npx tsx bench/start.ts`).
 *
 * 1. A fresh clone: `git clone` of this repository's committed HEAD into a temporary folder, its
 *    node_modules hard-linked from this checkout's (as /work/tools/mkwt.sh does, instead of
 *    `npm ci`), no build output and no database (the embedded PGlite in the clone's ./data).
 * 2. `npm start` there; the time until `GET /` answers the app's HTML and `GET /api/health` says
 *    ok (build, migrations and demo data included). Then the server is stopped (SIGTERM).
 * 3. `npm start` again with nothing changed: the same time, now without a build or a seed.
 * 4. The server left running at idle: its RSS (`/proc/<pid>/status`) every second for
 *    `BENCH_START_IDLE_SECONDS` (180), growth over the second half.
 *
 * Uncommitted changes are not measured: the clone is of HEAD (or of `BENCH_START_REF`). Writes
 * bench/results/start.json plus a copy per run (lib/results.ts).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, readMemory } from './lib/proc.ts';
import { RESULTS_DIR, resultRecorder } from './lib/results.ts';

const REPO = path.resolve(import.meta.dirname, '..');
const MB = 1024 * 1024;
const TARGETS = { firstStartS: 30, secondStartS: 5, idleGrowthMbPerMin: 1 };
const IDLE_SECONDS = Number(process.env.BENCH_START_IDLE_SECONDS ?? 180);
const TIMEOUT_MS = 300_000;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The workspaces' node_modules, hard-linked into the clone (no `npm ci`: same files, no network). */
function linkNodeModules(clone: string) {
  const folders = ['.', 'apps', 'packages'].flatMap((top) =>
    top === '.'
      ? ['.', 'e2e', 'bench']
      : existsSync(path.join(REPO, top))
        ? readdirSync(path.join(REPO, top)).map((name) => `${top}/${name}`)
        : [],
  );
  for (const folder of folders) {
    const from = path.join(REPO, folder, 'node_modules');
    if (existsSync(from) && existsSync(path.join(clone, folder)))
      execFileSync('cp', ['-al', from, path.join(clone, folder, 'node_modules')]);
  }
}

/** The server's pid: the `node …/apps/server/dist/server.js` among npm's descendants. */
function serverPid(root: number): number | null {
  const children = (pid: number): number[] => {
    try {
      return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  };
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    try {
      // The node process itself, not a shell that runs it.
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (
        path.basename(argv[0] ?? '') === 'node' &&
        argv.some((a) => a.endsWith('apps/server/dist/server.js'))
      )
        return pid;
    } catch {
      // gone
    }
    queue.push(...children(pid));
  }
  return null;
}

interface Started {
  npm: ChildProcess;
  seconds: number;
  pid: number;
  output: () => string;
}

/** `npm start` in `cwd`; resolves once `/` serves the app's HTML and `/api/health` is ok. */
async function npmStart(cwd: string, port: number, logFile: string): Promise<Started> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1' };
  // As on a newcomer's machine: the embedded database in ./data, development, the demo data.
  for (const name of [
    'DATABASE_URL',
    'DATA_DIR',
    'APP_SECRET',
    'NODE_ENV',
    'REDIS_URL',
    'SEED_DEMO_DATA',
    'STORAGE_DRIVER',
  ])
    delete env[name];
  for (const name of Object.keys(env))
    if (name.startsWith('npm_') || name.startsWith('VITE_')) delete env[name];
  const log = createWriteStream(logFile, { flags: 'a' });
  let output = '';
  const started = performance.now();
  const npm = spawn('npm', ['start'], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [npm.stdout, npm.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      log.write(chunk);
    });
  }
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (npm.exitCode !== null) throw new Error(`npm start exited (${npm.exitCode}); see ${logFile}`);
    if (performance.now() - started > TIMEOUT_MS)
      throw new Error(`no first page after ${TIMEOUT_MS} ms; see ${logFile}`);
    try {
      const [page, health] = await Promise.all([fetch(`${base}/`), fetch(`${base}/api/health`)]);
      const html = await page.text();
      const status = health.ok ? ((await health.json()) as { status?: string }).status : null;
      if (page.ok && html.includes('<div id="root"') && status === 'ok') break;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  const seconds = (performance.now() - started) / 1000;
  const pid = serverPid(npm.pid!);
  if (!pid) throw new Error('the server process was not found under npm start');
  return { npm, seconds, pid, output: () => output };
}

async function stop(started: Started) {
  if (started.npm.exitCode !== null) return;
  const exited = new Promise((r) => started.npm.once('exit', r));
  process.kill(-started.npm.pid!, 'SIGTERM');
  await Promise.race([exited, sleep(30_000)]);
  if (started.npm.exitCode === null) process.kill(-started.npm.pid!, 'SIGKILL');
}

/** What `scripts/start.mjs` printed about its parts ("start: web build done in 12.3 s"). */
function parts(output: string): Record<string, number> {
  const found: Record<string, number> = {};
  for (const m of output.matchAll(/^start: (.+?) done in ([\d.]+) s$/gm)) found[m[1]!] = Number(m[2]);
  const ready = /"startupMs":(\d+)/.exec(output);
  if (ready) found['server start (startupMs)'] = Number(ready[1]) / 1000;
  return found;
}

export async function runStartBench(log: (line: string) => void = console.log) {
  const recorder = resultRecorder('start');
  const clone = mkdtempSync(path.join(os.tmpdir(), 'sp-bench-start-'));
  const logFile = path.join(RESULTS_DIR, 'start-server.log');
  rmSync(logFile, { force: true });
  // BENCH_START_REF=main measures another commit the same way (a before/after at the same load).
  const ref = process.env.BENCH_START_REF || 'HEAD';
  const commit = execFileSync('git', ['rev-parse', '--short', ref], { cwd: REPO, encoding: 'utf8' }).trim();
  let running: Started | null = null;
  try {
    execFileSync('git', ['clone', '--quiet', '--no-checkout', REPO, clone]);
    execFileSync('git', ['checkout', '--quiet', '--detach', commit], { cwd: clone });
    linkNodeModules(clone);
    log(
      `  fresh clone of ${commit} in ${clone} (node_modules hard-linked); npm start, load ${os.loadavg()[0]?.toFixed(2)}`,
    );
    const port = await freePort();

    running = await npmStart(clone, port, logFile);
    const first = { seconds: round(running.seconds), parts: parts(running.output()) };
    log(`  first start: ${first.seconds} s to the first page (${JSON.stringify(first.parts)})`);
    await stop(running);

    running = await npmStart(clone, port, logFile);
    const second = { seconds: round(running.seconds), parts: parts(running.output()) };
    log(`  second start, nothing changed: ${second.seconds} s (${JSON.stringify(second.parts)})`);

    log(`  idle RSS of the server for ${IDLE_SECONDS} s`);
    const samples: { s: number; rssMb: number }[] = [];
    const t0 = performance.now();
    while ((performance.now() - t0) / 1000 < IDLE_SECONDS) {
      samples.push({
        s: round((performance.now() - t0) / 1000, 0),
        rssMb: round(readMemory(running.pid).rss / MB),
      });
      await sleep(1000);
    }
    const half = samples.slice(Math.floor(samples.length / 2));
    const firstHalf = half[0]!;
    const last = samples.at(-1)!;
    const growthPerMin = ((last.rssMb - firstHalf.rssMb) / Math.max(1, last.s - firstHalf.s)) * 60;
    const idle = {
      seconds: IDLE_SECONDS,
      rssAtReadyMb: samples[0]?.rssMb,
      peakMb: Math.max(...samples.map((s) => s.rssMb)),
      rssAtHalfMb: firstHalf.rssMb,
      rssAtEndMb: last.rssMb,
      growthMbPerMin: round(growthPerMin, 2),
      samples,
    };
    await stop(running);
    running = null;

    const rows = [
      [
        'first npm start of a fresh clone → first page',
        `${first.seconds} s`,
        `≤ ${TARGETS.firstStartS} s`,
        first.seconds <= TARGETS.firstStartS,
      ],
      [
        'second npm start, nothing changed',
        `${second.seconds} s`,
        `≤ ${TARGETS.secondStartS} s`,
        second.seconds <= TARGETS.secondStartS,
      ],
      [
        `idle RSS (PGlite): at ready / peak / end of ${IDLE_SECONDS} s`,
        `${idle.rssAtReadyMb} / ${idle.peakMb} / ${idle.rssAtEndMb} MB`,
        '',
        null,
      ],
      [
        'idle RSS growth over the second half',
        `${idle.growthMbPerMin} MB/min`,
        `≤ ${TARGETS.idleGrowthMbPerMin} MB/min`,
        idle.growthMbPerMin <= TARGETS.idleGrowthMbPerMin,
      ],
    ] as const;
    console.log('\n| metric | value | target | result |\n| --- | --- | --- | --- |');
    for (const [metric, value, target, ok] of rows)
      console.log(`| ${metric} | ${value} | ${target} | ${ok === null ? 'info' : ok ? 'pass' : 'FAIL'} |`);
    const file = recorder.write({
      clonedCommit: commit,
      first,
      second,
      idle,
      targets: TARGETS,
      table: rows.map(([metric, value, target, ok]) => ({
        metric,
        value,
        target,
        verdict: ok === null ? 'info' : ok ? 'pass' : 'FAIL',
      })),
    });
    log(`  written: bench/results/start.json and ${file}; npm output in bench/results/start-server.log`);
    return { first, second, idle };
  } finally {
    if (running) await stop(running);
    rmSync(clone, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  runStartBench().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
