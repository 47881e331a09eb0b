import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MailCatcher } from '../apps/server/test/mail-catcher.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { openBrowser, type Browser } from './support/browser.ts';
import { signInViaUi } from './support/sign-in.ts';
import { scrollToPanel } from './support/scroll.ts';

const SIGNING_KEY = 'e2e-mailgun-signing-key';

let mail: MailCatcher;
let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  mail = new MailCatcher();
  app = await startApp(await mail.start(), { MAILGUN_SIGNING_KEY: SIGNING_KEY });
});
afterAll(async () => {
  await app?.stop();
  await mail?.stop();
});
afterEach(async () => browser?.close());

/** A header of a raw RFC 5322 message (unfolded). */
function headerOf(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line === undefined ? null : line.slice(name.length + 1).trim();
}

/** The number on the bell, from its accessible name ("Notifications" or "Notifications: 3 unread"). */
async function badgeCount(page: Page): Promise<number> {
  const label = await page.getByRole('button', { name: /^Notifications/ }).getAttribute('aria-label');
  const n = /(\d+) unread/.exec(label ?? '')?.[1];
  return n === undefined ? 0 : Number(n);
}

async function postSignedReply(fields: Record<string, string>) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const token = randomBytes(25).toString('hex');
  const signature = createHmac('sha256', SIGNING_KEY)
    .update(timestamp + token)
    .digest('hex');
  const res = await fetch(`${app.url}/api/webhooks/email/inbound`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, timestamp, token, signature }).toString(),
  });
  return { status: res.status, body: (await res.json()) as { result?: string } };
}

describe('communications', () => {
  it('sends an e-mail from an order; the signed reply raises the badge, opening it lowers it', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await signInViaUi(page, app.url, mail, 'manager@nordic.example.com');
    await page.waitForURL(`${app.url}/`);
    await page.getByRole('button', { name: /^Notifications/ }).waitFor();

    // An order of the partner with a customer e-mail, through the API the app uses.
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    const list = (await (
      await fetch(`${app.url}/api/service-orders?pageSize=50`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as { items: { id: string; orderNumber: string; customerEmail: string | null }[] };
    const order = list.items.find((o) => o.customerEmail);
    expect(order).toBeDefined();
    const customer = order!.customerEmail!.toLowerCase();

    await page.goto(`${app.url}/service-orders/${order!.id}`);
    // The conversation is the page's last panel: it loads once scrolled to.
    await scrollToPanel(page, 'Communications');
    const panel = page.locator('#conversation');
    await panel.getByRole('heading', { name: 'Communications' }).waitFor();
    const subject = `Status of ${order!.orderNumber} ${Date.now()}`;
    await panel.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await panel.getByRole('textbox', { name: 'Message' }).fill('Your heater is repaired.');
    const before = mail.messages.length;
    await panel.getByRole('button', { name: 'Send' }).click();

    const sent = await mail.waitFor(customer, 20_000, before);
    expect(sent.subject).toBe(subject);
    const replyTo = headerOf(sent.raw, 'Reply-To');
    const messageId = headerOf(sent.raw, 'Message-ID');
    expect(replyTo).toMatch(/reply\+[^@\s]+@/);
    expect(messageId).toMatch(/^<.+>$/);
    const replyAddress = /[^\s<>"]*reply\+[^@\s]+@[^\s<>"]+/.exec(replyTo!)![0];
    await panel.getByText('Sent', { exact: true }).first().waitFor();

    // The count the server holds now, and the badge showing it (a badge not loaded yet reads 0 too):
    // the bell counts unread messages and unread alerts (issue 31 item 12).
    const countOf = async (path: string) =>
      (
        (await (
          await fetch(`${app.url}/api${path}`, { headers: { Authorization: `Bearer ${token}` } })
        ).json()) as { count: number }
      ).count;
    const countBefore = (await countOf('/communications/unread')) + (await countOf('/alerts/unread-count'));
    await page.reload();
    await expect.poll(() => badgeCount(page), { timeout: 15_000 }).toBe(countBefore);

    const reply = await postSignedReply({
      from: `Customer <${customer}>`,
      sender: customer,
      recipient: replyAddress,
      subject: `Re: ${subject}`,
      'body-plain': 'Thank you, I will pick it up tomorrow.',
      'Message-Id': `<reply-${Date.now()}@customer.example>`,
      'In-Reply-To': messageId!,
      References: messageId!,
    });
    expect(reply).toEqual({ status: 200, body: { result: 'stored' } });

    // The badge is fresh for 30 s; a reload (or focus after that) shows the new count.
    await page.reload();
    await expect.poll(() => badgeCount(page), { timeout: 15_000 }).toBe(countBefore + 1);

    await page.getByRole('button', { name: /^Notifications/ }).click();
    const item = page.getByRole('list', { name: 'Unread messages' }).getByText(`Re: ${subject}`);
    await item.click();
    await page.waitForURL(new RegExp(`/service-orders/${order!.id}\\?communication=`));
    await expect.poll(() => badgeCount(page), { timeout: 15_000 }).toBe(countBefore);
    await panel.getByText('Thank you, I will pick it up tomorrow.').waitFor();
  });

  it('refuses an unsigned inbound e-mail', async () => {
    const res = await fetch(`${app.url}/api/webhooks/email/inbound`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ from: 'x@example.com', 'body-plain': 'hi' }).toString(),
    });
    expect(res.status).toBe(401);
  });
});
