import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** The flags this machine needs (no sandbox as root, no network beyond loopback). */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

export async function openBrowser(
  /** `timezoneId`: the browser's own zone (IANA), e.g. to check times stay in the partner's zone. */
  options: {
    width?: number;
    height?: number;
    locale?: string;
    timezoneId?: string;
    /** A phone's touch screen (touch events, `pointer: coarse`). */
    hasTouch?: boolean;
    /** More Chromium flags (e.g. a fake camera fed from a file). */
    args?: string[];
  } = {},
): Promise<Browser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'sp-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [...FLAGS, ...(options.args ?? [])],
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
    locale: options.locale ?? 'en-US',
    ...(options.timezoneId === undefined ? {} : { timezoneId: options.timezoneId }),
    ...(options.hasTouch ? { hasTouch: true } : {}),
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(15_000);
  // E2E_CPU_THROTTLE=4 slows the page's CPU fourfold: a loaded CI machine, reproduced on demand.
  const throttle = Number(process.env.E2E_CPU_THROTTLE ?? '');
  if (throttle > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  }
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
