// What the sign-in page costs a first-time visitor: loads /login of a running server in Debian's
// Chromium with an empty profile and adds up what went over the wire.
// Usage: node scripts/measure-login.mjs [http://127.0.0.1:3000]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const profile = mkdtempSync(path.join(tmpdir(), 'sp-measure-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const page = context.pages()[0] ?? (await context.newPage());
const finished = [];
page.on('requestfinished', (request) => finished.push(request));
await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
await page.getByLabel('E-mail address').waitFor();
const sum = { js: 0, css: 0, other: 0 };
for (const request of finished) {
  const { responseBodySize } = await request.sizes();
  const kind = request.url().endsWith('.js') ? 'js' : request.url().endsWith('.css') ? 'css' : 'other';
  sum[kind] += responseBodySize;
}
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log(
  `/login: ${finished.length} requests; JS ${kib(sum.js)}, CSS ${kib(sum.css)}, other ${kib(sum.other)} (as transferred, compressed)`,
);
await context.close();
rmSync(profile, { recursive: true, force: true });
