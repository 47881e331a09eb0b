import type { Page } from 'playwright-core';
import type { MailCatcher } from '../../apps/server/test/mail-catcher.ts';

/** Signs in through the login screen with the code caught by the SMTP server on loopback. */
export async function signInViaUi(
  page: Page,
  baseUrl: string,
  mail: MailCatcher,
  email: string,
): Promise<void> {
  const before = mail.messages.length;
  if (!page.url().includes('/login')) await page.goto(`${baseUrl}/login`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  const message = await mail.waitFor(email, 10_000, before);
  const code = /code is (\d{6})/.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in mail: ${message.text}`);
  await page.getByLabel('One-time code').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}
