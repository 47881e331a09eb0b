import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MailCatcher } from '../apps/server/test/mail-catcher.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { openBrowser, type Browser } from './support/browser.ts';
import { signInViaUi } from './support/sign-in.ts';
import { scrollToPanel } from './support/scroll.ts';

let mail: MailCatcher;
let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  mail = new MailCatcher();
  app = await startApp(await mail.start());
});
afterAll(async () => {
  await app?.stop();
  await mail?.stop();
});
afterEach(async () => browser?.close());

describe('a retried create (decision 041)', () => {
  it('loses the first answer of a create, sends it again from the form, and makes one record', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await signInViaUi(page, app.url, mail, 'manager@nordic.example.com');
    await page.waitForURL(`${app.url}/`);

    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    const api = async <T>(path: string) =>
      (await (
        await fetch(`${app.url}/api${path}`, { headers: { Authorization: `Bearer ${token}` } })
      ).json()) as T;
    const { items } = await api<{ items: { id: string }[] }>('/service-orders?pageSize=1');
    const orderId = items[0]!.id;
    const url = `${app.url}/api/service-orders/${orderId}/communications`;

    // The first create reaches the server and is stored; its answer never reaches the browser.
    const sent: { key: string | null; replayed: string | null; status: number | null }[] = [];
    await page.route(url, async (route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.fallback();
      const key = request.headers()['idempotency-key'] ?? null;
      if (sent.length === 0) {
        const response = await route.fetch();
        sent.push({
          key,
          replayed: response.headers()['idempotent-replayed'] ?? null,
          status: response.status(),
        });
        return route.abort('connectionreset');
      }
      const response = await route.fetch();
      sent.push({
        key,
        replayed: response.headers()['idempotent-replayed'] ?? null,
        status: response.status(),
      });
      return route.fulfill({ response });
    });

    await page.goto(`${app.url}/service-orders/${orderId}`);
    await scrollToPanel(page, 'Communications');
    const panel = page.locator('#conversation');
    await panel.locator('label', { hasText: 'Internal note' }).click();
    const note = `Lost answer ${Date.now()}`;
    await panel.getByRole('textbox', { name: 'Note' }).fill(note);
    const save = panel.getByRole('button', { name: 'Add note' });
    await save.click();
    // No answer: the form says so and keeps what was typed; the user sends it again.
    await panel.getByText('Network error. Please check your connection.').waitFor();
    await expect.poll(() => panel.getByRole('textbox', { name: 'Note' }).inputValue()).toBe(note);
    // Waited for as such: the list may show the note before it, as the first create stored it.
    const resent = page.waitForResponse((r) => r.url() === url && r.request().method() === 'POST');
    await save.click();
    await resent;
    await panel.getByText(note).first().waitFor();

    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ status: 201, replayed: null });
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]).toEqual({ key: sent[0]!.key, replayed: 'true', status: 201 });

    const stored = await api<{ message: string }[]>(`/service-orders/${orderId}/communications`);
    expect(stored.filter((c) => c.message === note)).toHaveLength(1);
    await expect.poll(() => panel.getByText(note).count()).toBe(1);
  });
});
