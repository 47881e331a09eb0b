/**
 * The Chromium flags of e2e/support/browser.ts, for the bench's browser parts: this machine runs
 * Chromium as root (no sandbox) and reaches nothing beyond loopback.
 */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
