/**
 * Customer upload benchmark (issue 14): five 10 MB photos uploaded in parallel through one
 * customer link, against a freshly started server (embedded database, demo data, local file
 * storage in a temporary folder). Reports the wall time until all five answered and the growth of
 * the server's RSS (sampled every 20 ms from /proc) over its idle value after a warm-up upload.
 * Targets: ≤ 2 s, ≤ 64 MB. Run: `npm run upload -w @service-portal/bench`.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { resultRecorder } from './lib/results.ts';
import { freePort, readMemory, sampleMemory, startTsChild } from './lib/proc.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS_DIR = path.join(import.meta.dirname, 'results');
const MB = 1024 * 1024;
const FILES = Number(process.env.BENCH_UPLOAD_FILES ?? 5);
const TARGETS = { seconds: 2, rssGrowthMb: 64 };
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A real photo-sized JPEG (noise compresses badly, as a phone's detail does), padded to exactly 10 MB. */
async function tenMegabyteJpeg(): Promise<Buffer> {
  const w = 2600;
  const h = 1950;
  const raw = Buffer.alloc(w * h * 3);
  let seed = 42;
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = (seed >> 16) & 0xff;
  }
  const jpeg = await sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
  if (jpeg.length > 10 * MB) return jpeg.subarray(0, 10 * MB); // truncated scan data still decodes
  return Buffer.concat([jpeg, Buffer.alloc(10 * MB - jpeg.length)]);
}

async function main() {
  const recorder = resultRecorder('upload');
  mkdirSync(RESULTS_DIR, { recursive: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sp-bench-upload-'));
  const logFile = path.join(RESULTS_DIR, 'upload-server.log');
  rmSync(logFile, { force: true });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = startTsChild('apps/server/src/server.ts', {
    cwd: ROOT,
    logFile,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      // The whole demo: the built-in demo shop and the demo data (issue 24: asked for in production).
      DEMO_MODE: 'true',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      // As `npm start` runs the server (docs/decisions/022-malloc-arenas.md); override to compare.
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    },
  });
  try {
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (child.process.exitCode !== null) throw new Error(`server exited; see ${logFile}`);
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        /* not yet */
      }
      if (Date.now() > deadline) throw new Error('server not ready in 180 s');
      await sleep(250);
    }

    // Sign in as the demo manager with the code the development mailer prints to the log.
    const email = 'manager@nordic.example.com';
    await fetch(`${base}/api/auth/otp/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    let code: string | undefined;
    for (let i = 0; i < 100 && !code; i++) {
      await sleep(100);
      code = /code is (\d{6})/.exec(readFileSync(logFile, 'utf8'))?.[1];
    }
    if (!code) throw new Error('no sign-in code in the server log');
    const signIn = await fetch(`${base}/api/auth/otp/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, otpCode: code }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const staff = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    const order = (await (
      await fetch(`${base}/api/service-orders`, {
        method: 'POST',
        headers: staff,
        body: JSON.stringify({
          title: 'Bench upload',
          serviceType: 'repair',
          priority: 'normal',
          customerName: 'Bench Customer',
          customerEmail: 'bench.upload@example.no',
          customerPhone: '+47 900 00 001',
          serialNumber: 'BENCH-1',
        }),
      })
    ).json()) as { id: string };
    const newSession = async () => {
      const link = (await (
        await fetch(`${base}/api/service-orders/${order.id}/upload-links`, {
          method: 'POST',
          headers: staff,
          body: JSON.stringify({ sendVia: 'none' }),
        })
      ).json()) as { url: string };
      const linkToken = link.url.split('/customer-upload/')[1]!;
      const verified = (await (
        await fetch(`${base}/api/customer-upload/${linkToken}/verify`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ phoneNumber: '+47 900 00 001', serialNumber: 'BENCH-1' }),
        })
      ).json()) as { session: string };
      return { linkToken, session: verified.session };
    };

    const photo = await tenMegabyteJpeg();
    const upload = async (s: { linkToken: string; session: string }) => {
      const form = new FormData();
      form.append('categories', 'problem_area');
      form.append('files', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
      const res = await fetch(`${base}/api/customer-upload/${s.linkToken}/images`, {
        method: 'POST',
        headers: { 'x-upload-session': s.session },
        body: form,
      });
      if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
    };

    // Warm-up: one upload loads sharp, libvips and the multipart code paths.
    await upload(await newSession());
    await sleep(1000);
    const session = await newSession();
    const idle = readMemory(child.pid).rss;
    const sampler = sampleMemory(child.pid, 20);
    const started = performance.now();
    await Promise.all(Array.from({ length: FILES }, () => upload(session)));
    const seconds = (performance.now() - started) / 1000;
    const { peakRss, samples } = sampler.stop();
    const growthMb = (peakRss - idle) / MB;

    const rows = [
      [
        `${FILES} × 10 MB in parallel, wall time`,
        `${round(seconds, 2)} s`,
        `≤ ${TARGETS.seconds} s`,
        seconds <= TARGETS.seconds,
      ],
      [
        `server RSS growth (idle ${round(idle / MB)} MB → peak ${round(peakRss / MB)} MB, ${samples} samples)`,
        `${round(growthMb)} MB`,
        `≤ ${TARGETS.rssGrowthMb} MB`,
        growthMb <= TARGETS.rssGrowthMb,
      ],
    ] as const;
    for (const [metric, value, target, ok] of rows)
      console.log(`| ${metric} | ${value} | ${target} | ${ok ? 'pass' : 'FAIL'} |`);
    const file = recorder.write({
      files: FILES,
      seconds: round(seconds, 2),
      idleRssMb: round(idle / MB),
      peakRssMb: round(peakRss / MB),
      rssGrowthMb: round(growthMb),
      targets: TARGETS,
      table: rows.map(([metric, value, target, ok]) => ({
        metric,
        value,
        target,
        verdict: ok ? 'pass' : 'FAIL',
      })),
    });
    console.log(`written: bench/results/upload.json and ${file}`);
  } finally {
    await child.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
