import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../packages/shared/src/zoned-days.ts';
import { writeBarcodeVideo } from './support/fake-camera.ts';
import { MailCatcher } from '../apps/server/test/mail-catcher.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { openBrowser, type Browser } from './support/browser.ts';
import { signInViaUi } from './support/sign-in.ts';

// Issue 28: the technician's day on a 375 px phone with the network cut. Checkpoints answered,
// status changes and time logged (decision 074) made offline are kept in the outbox across closing
// and reopening the page (the service worker serves the app shell, IndexedDB the day, the outbox
// and the phone's timer), reach the server exactly once when the network returns, a change the
// server refuses stays until the technician decides, and a change whose answer was lost is replayed
// under the same Idempotency-Key without a second change.

let mail: MailCatcher;
let app: RunningApp;
let phone: Browser;
/** The phone's open page (the first test closes one and opens another). */
let page: Page;
let managerToken = '';

const ZONE = 'Europe/Oslo';
const today = todayIn(ZONE);

interface Order {
  id: string;
  orderNumber: string;
  status: string;
  version: number;
}

async function api<T>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  const response = await fetch(`${app.url}/api${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${managerToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as T };
}

/** The code the phone's fake camera shows (a Code 128 symbol in a generated video). */
const SCANNED_SERIAL = 'SN-E2E-4711';
let media = '';

/** An order booked today (or another day) for the demo technician (tech@nordic.example.com). */
async function orderForToday(
  title: string,
  options: { date?: string; spareParts?: Record<string, unknown>[] } = {},
): Promise<Order> {
  const created = await api<Order>('POST', '/service-orders', {
    ...(options.spareParts === undefined ? {} : { spareParts: options.spareParts }),
    title,
    serviceType: 'repair',
    priority: 'normal',
    customerName: 'Kari Kjeller',
    customerEmail: `kari.${Date.now().toString(36)}@example.no`,
    customerPhone: '+47 912 34 567',
    estimatedMinutes: 60,
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const techs = await api<{ items: { id: string; email: string }[] }>('GET', '/technicians?pageSize=100');
  const tech = techs.json.items.find((t) => t.email === 'tech@nordic.example.com');
  expect(tech).toBeDefined();
  // The demo partner and technician work Monday to Friday: on a weekend the test opens today too.
  const pricing = await api<Record<string, unknown> & { workingDays: boolean[]; version: number }>(
    'GET',
    '/pricing',
  );
  if (pricing.json.workingDays.some((open) => !open)) {
    const keys = ['defaultHourlyRate', 'currency', 'roundingIntervalMinutes', 'roundingDirection'];
    const rates = ['defaultDailyRentalRate', 'defaultWeeklyRentalRate'];
    const opened = await api<unknown>('PUT', '/pricing', {
      ...Object.fromEntries([...keys, ...rates].map((key) => [key, pricing.json[key]])),
      workingDays: Array.from({ length: 7 }, () => true),
      version: pricing.json.version,
    });
    expect(opened.status, JSON.stringify(opened.json)).toBe(200);
  }
  const hours = await api<{ workingHours: unknown[]; version: number }>(
    'GET',
    `/technicians/${tech!.id}/working-hours`,
  );
  const every = { start: '07:00', end: '17:00' };
  if (hours.json.workingHours.some((day) => day === null)) {
    const set = await api<unknown>('PUT', `/technicians/${tech!.id}/working-hours`, {
      workingHours: Array.from({ length: 7 }, () => every),
      version: hours.json.version,
    });
    expect(set.status, JSON.stringify(set.json)).toBe(200);
  }
  const booked = await api<unknown>('POST', `/schedule/orders/${created.json.id}/assignment`, {
    technicianId: tech!.id,
    date: options.date ?? today,
    start: null,
    version: created.json.version,
  });
  expect(booked.status, JSON.stringify(booked.json)).toBe(200);
  return (await api<Order>('GET', `/service-orders/${created.json.id}`)).json;
}

async function statusHistory(id: string): Promise<string[]> {
  const order = await api<{ statusHistory: { toStatus: string }[] }>('GET', `/service-orders/${id}`);
  return order.json.statusHistory.map((h) => h.toStatus);
}

function card(page: Page, order: Order) {
  return page.locator('article').filter({ hasText: order.orderNumber });
}

async function changeStatus(page: Page, order: Order, label: string): Promise<void> {
  const article = card(page, order);
  await article.getByLabel(`Change the status of ${order.orderNumber}`).selectOption({ label });
  await article.getByRole('button', { name: 'Change', exact: true }).click();
}

function openDetails(page: Page, order: Order): Promise<void> {
  return card(page, order).getByRole('button', { name: 'Checkpoints, parts, photos and work log' }).click();
}

/** The order's "Time on this order" section on my-day. */
function timeLog(page: Page, order: Order) {
  return card(page, order).getByRole('region', { name: 'Time on this order' });
}

async function workLogsOf(order: Order): Promise<{ manualMinutes: number | null; notes: string | null }[]> {
  const logs = await api<{ manualMinutes: number | null; notes: string | null }[]>(
    'GET',
    `/service-orders/${order.id}/work-logs`,
  );
  expect(logs.status).toBe(200);
  return logs.json;
}

async function openMyDay(page: Page): Promise<void> {
  await page.goto(`${app.url}/my-day`);
  await page.getByRole('heading', { name: 'My day', level: 1 }).waitFor();
}

beforeAll(async () => {
  mail = new MailCatcher();
  app = await startApp(await mail.start());
  const desk = await openBrowser({ width: 1440, height: 900 });
  try {
    await signInViaUi(desk.page, app.url, mail, 'manager@nordic.example.com');
    await desk.page.waitForURL(`${app.url}/`);
    managerToken = (await desk.page.evaluate(() => localStorage.getItem('authToken'))) ?? '';
  } finally {
    await desk.close();
  }
  // The phone's camera is Chromium's fake device, fed a video of a known code.
  media = mkdtempSync(path.join(tmpdir(), 'sp-camera-'));
  const video = path.join(media, 'serial.y4m');
  await writeBarcodeVideo(video, SCANNED_SERIAL);
  phone = await openBrowser({
    width: 375,
    height: 740,
    args: [
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  await signInViaUi(phone.page, app.url, mail, 'tech@nordic.example.com');
  await phone.page.waitForURL(`${app.url}/`);
  page = phone.page;
});
afterAll(async () => {
  await phone?.close();
  if (media) rmSync(media, { recursive: true, force: true });
  await app?.stop();
  await mail?.stop();
});

describe("the technician's phone offline (issue 28)", () => {
  it('keeps changes made offline across a reopened page and sends each exactly once', async () => {
    const order = await orderForToday('Boiler in the basement');
    await openMyDay(page);
    await card(page, order).waitFor();
    // The service worker has taken the app shell before the network goes.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 })
      .toBe(true);

    await phone.context.setOffline(true);
    const details = () =>
      card(page, order).getByRole('button', { name: 'Checkpoints, parts, photos and work log' }).click();
    await details();
    await card(page, order).getByLabel('Heater element').selectOption({ label: 'Working condition' });
    await page.getByRole('status').filter({ hasText: '1 waiting to send' }).waitFor();
    await card(page, order).getByLabel('Battery voltage').selectOption({ label: 'Needs attention' });
    await page.getByRole('status').filter({ hasText: '2 waiting to send' }).waitFor();
    await changeStatus(page, order, 'In progress');
    await page.getByRole('status').filter({ hasText: '3 waiting to send' }).waitFor();
    await card(page, order)
      .getByText(/^In progress ·/)
      .waitFor();
    await changeStatus(page, order, 'Completed');
    await page.getByRole('status').filter({ hasText: '4 waiting to send' }).waitFor();

    // Close the page and open the day again, still with no network.
    await page.close();
    page = await phone.context.newPage();
    await openMyDay(page);
    await card(page, order)
      .getByText(/^Completed ·/)
      .waitFor();
    await page.getByRole('status').filter({ hasText: '4 waiting to send' }).waitFor();
    await details();
    expect(await card(page, order).getByLabel('Heater element').inputValue()).toBe('working_condition');
    expect(await card(page, order).getByLabel('Battery voltage').inputValue()).toBe('needs_attention');
    expect((await api<Order>('GET', `/service-orders/${order.id}`)).json.status).toBe('scheduled');

    await phone.context.setOffline(false);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'waiting to send' }).count(), {
        timeout: 15_000,
      })
      .toBe(0);
    const after = (
      await api<Order & { checkpoints: { measurements: Record<string, { answer: string | null }> } }>(
        'GET',
        `/service-orders/${order.id}`,
      )
    ).json;
    expect(after.status).toBe('completed');
    expect(after.checkpoints.measurements['heaterElement']?.answer).toBe('working_condition');
    expect(after.checkpoints.measurements['batteryVoltage']?.answer).toBe('needs_attention');
    // Four changes, four versions: nothing sent twice.
    expect(after.version).toBe(order.version + 4);
    const history = await statusHistory(order.id);
    expect(history.filter((s) => s === 'in_progress')).toHaveLength(1);
    expect(history.filter((s) => s === 'completed')).toHaveLength(1);
  });

  it('shows a change the server refused with its reason and keeps it until discarded', async () => {
    const order = await orderForToday('Heat pump on the roof');
    await openMyDay(page);
    await card(page, order).waitFor();
    await phone.context.setOffline(true);
    await changeStatus(page, order, 'In progress');
    await page.getByRole('status').filter({ hasText: '1 waiting to send' }).waitFor();
    // Meanwhile the office cancels the order.
    const cancelled = await api<Order>('PUT', `/service-orders/${order.id}`, {
      status: 'cancelled',
      version: order.version,
    });
    expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200);

    await phone.context.setOffline(false);
    const refusal = page.getByRole('alert').filter({ hasText: 'The server refused a change' });
    await refusal.waitFor({ timeout: 15_000 });
    expect(await refusal.getByText(`New status of ${order.orderNumber}`).count()).toBe(1);
    expect(await refusal.getByText(/^Reason: /).count()).toBe(1);
    // Kept across a reload until the technician decides.
    await page.reload();
    await refusal.waitFor();
    expect((await api<Order>('GET', `/service-orders/${order.id}`)).json.status).toBe('cancelled');
    await refusal.getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => refusal.count()).toBe(0);
    expect((await api<Order>('GET', `/service-orders/${order.id}`)).json.status).toBe('cancelled');
  });

  it('replays a change whose answer was lost under the same key, changing the order once', async () => {
    const order = await orderForToday('Pump in the boiler room');
    await openMyDay(page);
    await card(page, order).waitFor();
    const sent: { key: string | null; status: number; replayed: string | null }[] = [];
    const url = `${app.url}/api/service-orders/${order.id}`;
    await page.route(url, async (route) => {
      const request = route.request();
      if (request.method() !== 'PUT') return route.fallback();
      const response = await route.fetch();
      sent.push({
        key: request.headers()['idempotency-key'] ?? null,
        status: response.status(),
        replayed: response.headers()['idempotent-replayed'] ?? null,
      });
      // The first answer never reaches the phone: the change stays in the outbox.
      if (sent.length === 1) return route.abort('connectionreset');
      return route.fulfill({ response });
    });
    // What the page asked for, told if the replay does not come.
    const requests: string[] = [];
    const t0 = Date.now();
    const onRequest = (r: Request) => requests.push(`${Date.now() - t0} ms sent ${r.method()} ${r.url()}`);
    const onFailed = (r: Request) => requests.push(`${Date.now() - t0} ms failed ${r.method()} ${r.url()}`);
    page.on('request', onRequest);
    page.on('requestfailed', onFailed);
    await changeStatus(page, order, 'In progress');
    await expect.poll(() => sent.length).toBe(1);
    // The technician sends it again (a tap while the lost run still ends is harmless: one run),
    // until the replay's answer has come and nothing waits (the line alone may be absent a moment).
    const waiting = page.getByRole('status').filter({ hasText: 'waiting to send' });
    try {
      await expect
        .poll(
          async () => {
            const send = page.getByRole('button', { name: 'Send now' });
            if ((await send.count()) > 0) await send.click();
            return { sent: sent.length, waiting: await waiting.count() };
          },
          { timeout: 15_000 },
        )
        .toEqual({ sent: 2, waiting: 0 });
    } catch (error) {
      throw new Error(`${String(error)}\nthe page's requests:\n${requests.join('\n')}`, { cause: error });
    } finally {
      page.off('request', onRequest);
      page.off('requestfailed', onFailed);
      await page.unroute(url);
    }

    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]).toEqual({ key: sent[0]!.key, status: 200, replayed: 'true' });
    const after = (await api<Order>('GET', `/service-orders/${order.id}`)).json;
    expect(after.status).toBe('in_progress');
    expect(after.version).toBe(order.version + 1);
  });

  it('logs time offline with the timer and a duration, kept across reopening, each once on the server', async () => {
    const order = await orderForToday('Water heater in the cellar');
    await openMyDay(page);
    await card(page, order).waitFor();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 })
      .toBe(true);
    await phone.context.setOffline(true);
    await openDetails(page, order);
    await timeLog(page, order).getByRole('button', { name: 'Start timer' }).click();
    await timeLog(page, order)
      .getByText(/^Timer running since /)
      .waitFor();

    // The timer keeps running across a reload with no network.
    await page.reload();
    await openDetails(page, order);
    await timeLog(page, order)
      .getByText(/^Timer running since /)
      .waitFor();
    await timeLog(page, order).getByLabel('Note').fill('Replaced the anode');
    await timeLog(page, order).getByRole('button', { name: 'Stop timer and log the time' }).click();
    await page.getByRole('status').filter({ hasText: '1 waiting to send' }).waitFor();
    await timeLog(page, order).getByText('· Replaced the anode').waitFor();
    await timeLog(page, order).getByRole('button', { name: 'Start timer' }).waitFor();
    await timeLog(page, order).getByLabel('Minutes worked').fill('45');
    await timeLog(page, order).getByLabel('Note').fill('Flushed the tank');
    await timeLog(page, order).getByRole('button', { name: 'Log time' }).click();
    await page.getByRole('status').filter({ hasText: '2 waiting to send' }).waitFor();

    // Close the page and open the day again, still offline: both logs wait under the order.
    await page.close();
    page = await phone.context.newPage();
    await openMyDay(page);
    await page.getByRole('status').filter({ hasText: '2 waiting to send' }).waitFor();
    await openDetails(page, order);
    await timeLog(page, order).getByText('· Replaced the anode').waitFor();
    await timeLog(page, order).getByText('45 minutes', { exact: true }).waitFor();
    await timeLog(page, order).getByText('· Flushed the tank').waitFor();
    expect(await workLogsOf(order)).toEqual([]);

    await phone.context.setOffline(false);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'waiting to send' }).count(), {
        timeout: 15_000,
      })
      .toBe(0);
    const logs = await workLogsOf(order);
    expect(logs.map((l) => l.notes)).toEqual(['Replaced the anode', 'Flushed the tank']);
    expect(logs[0]!.manualMinutes).toBeGreaterThanOrEqual(1);
    expect(logs[1]!.manualMinutes).toBe(45);
    await expect.poll(() => timeLog(page, order).getByText('Waiting to send').count()).toBe(0);
  });

  it('shows a work log refused for a cancelled order with its reason until discarded', async () => {
    const order = await orderForToday('Radiators in the attic');
    await openMyDay(page);
    await card(page, order).waitFor();
    await phone.context.setOffline(true);
    await openDetails(page, order);
    await timeLog(page, order).getByLabel('Minutes worked').fill('30');
    await timeLog(page, order).getByLabel('Note').fill('Bled the radiators');
    await timeLog(page, order).getByRole('button', { name: 'Log time' }).click();
    await page.getByRole('status').filter({ hasText: '1 waiting to send' }).waitFor();
    const cancelled = await api<Order>('PUT', `/service-orders/${order.id}`, {
      status: 'cancelled',
      version: order.version,
    });
    expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200);

    await phone.context.setOffline(false);
    const refusal = page
      .getByRole('alert')
      .filter({ hasText: 'The server refused a change' })
      .filter({ hasText: `30 minutes logged on ${order.orderNumber}` });
    await refusal.waitFor({ timeout: 15_000 });
    const reason = 'Reason: The service order is cancelled: no time can be logged on it.';
    expect(await refusal.getByText(reason).count()).toBe(1);
    await page.reload();
    await refusal.waitFor();
    expect(await workLogsOf(order)).toEqual([]);
    await refusal.getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => refusal.count()).toBe(0);
    expect(await workLogsOf(order)).toEqual([]);
  });

  it("walks the issue's Done when: the day saved ahead, a morning's work offline, all on the order once", async () => {
    const order = await orderForToday('Boiler room under the car park', {
      spareParts: [{ partNumber: 'P-1', partName: 'Seal', quantity: 1, unitCost: 500, currency: 'NOK' }],
    });
    const tomorrow = await orderForToday('Sauna heater for tomorrow', { date: addDays(today, 1) });
    // Chromium on Linux has no BarcodeDetector; make sure the decoder served by our server reads.
    await page.addInitScript(() => {
      delete (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector;
    });
    await openMyDay(page);
    await card(page, order).waitFor();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 })
      .toBe(true);

    // Online first: time logged and a photo taken on an earlier visit.
    await openDetails(page, order);
    await timeLog(page, order).getByLabel('Minutes worked').fill('10');
    await timeLog(page, order).getByLabel('Note').fill('Earlier visit');
    await timeLog(page, order).getByRole('button', { name: 'Log time' }).click();
    await expect.poll(async () => (await workLogsOf(order)).length, { timeout: 15_000 }).toBe(1);
    await card(page, order)
      .getByTestId('photo-queue-input')
      .setInputFiles({
        name: 'before.jpg',
        mimeType: 'image/jpeg',
        buffer: await jpeg('#2f6f9f'),
      });
    await expect.poll(() => imageCount(order), { timeout: 20_000 }).toBe(1);

    // Opening the day with a network saves today and tomorrow ahead, with logs and thumbnails.
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'Saved on this phone' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => keptPhotos(page, order.id), { timeout: 20_000 }).toBe(1);

    // The network goes; a reload still shows the saved day, its earlier log and photo thumbnail.
    await phone.context.setOffline(true);
    await page.reload();
    await openDetails(page, order);
    // The work-log panel and the gallery load when scrolled to.
    await card(page, order).getByRole('link', { name: 'Service report' }).scrollIntoViewIfNeeded();
    await card(page, order)
      .getByText('Earlier visit')
      .waitFor()
      .catch(async (error: unknown) => {
        // Say what the phone held and believed, should this fail.
        const online = await page.evaluate(() => navigator.onLine);
        const kept = JSON.stringify(await keptFor(page, order.id));
        throw new Error(`${String(error)}\nnavigator.onLine: ${online}; kept: ${kept}`, { cause: error });
      });
    await card(page, order).getByRole('button', { name: 'Take photo' }).scrollIntoViewIfNeeded();
    const thumb = card(page, order).locator('img[src^="blob:"]').first();
    await thumb.waitFor({ state: 'attached' });
    await thumb.scrollIntoViewIfNeeded();
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        timeout: 15_000,
      })
      .toBe(true);
    await page.getByText('Tomorrow', { exact: true }).click();
    await card(page, tomorrow).waitFor();
    await page.getByText('Today', { exact: true }).click();
    await card(page, order).waitFor();
    if (!(await card(page, order).getByLabel('Heater element').isVisible())) await openDetails(page, order);

    // A morning's work with no network.
    const c = card(page, order);
    await c.getByLabel('Heater element').selectOption({ label: 'Working condition' });
    await page.getByRole('status').filter({ hasText: '1 waiting to send' }).waitFor();
    await timeLog(page, order).getByLabel('Minutes worked').fill('30');
    await timeLog(page, order).getByLabel('Note').fill('Fitted the gasket offline');
    await timeLog(page, order).getByRole('button', { name: 'Log time' }).click();
    await page.getByRole('status').filter({ hasText: '2 waiting to send' }).waitFor();
    await c.getByTestId('photo-queue-input').setInputFiles({
      name: 'after.jpg',
      mimeType: 'image/jpeg',
      buffer: await jpeg('#9f4f2f'),
    });
    await c.getByRole('status').filter({ hasText: '1 photo waiting to upload' }).waitFor();
    // Parts: a new line and another quantity on the existing one.
    await c.getByLabel('Part number', { exact: true }).fill('P-100');
    await c.getByLabel('Part name', { exact: true }).fill('Gasket');
    await c.getByLabel('Quantity', { exact: true }).fill('2');
    await c.getByRole('button', { name: 'Add part' }).click();
    await page.getByRole('status').filter({ hasText: '3 waiting to send' }).waitFor();
    await c.getByLabel('Quantity of Seal', { exact: true }).fill('3');
    await c.getByRole('button', { name: 'Save the quantity of Seal' }).click();
    await page.getByRole('status').filter({ hasText: '4 waiting to send' }).waitFor();
    // The serial number read by the camera, and a note.
    await c.getByRole('button', { name: 'Scan Serial number with the camera' }).click();
    await expect
      .poll(() => c.getByLabel('Serial number', { exact: true }).inputValue(), { timeout: 30_000 })
      .toBe(SCANNED_SERIAL);
    await c.getByLabel('Internal notes').fill('Gate code 4411');
    await c.getByRole('button', { name: 'Save serial number and notes' }).click();
    await page.getByRole('status').filter({ hasText: '5 waiting to send' }).waitFor();

    // Close the page and open the day again, still offline: everything waits, nothing reached the server.
    await page.close();
    page = await phone.context.newPage();
    await openMyDay(page);
    await page.getByRole('status').filter({ hasText: '5 waiting to send' }).waitFor();
    await openDetails(page, order);
    await card(page, order)
      .getByRole('status')
      .filter({ hasText: '1 photo waiting to upload' })
      .waitFor()
      .catch(async (error: unknown) => {
        // Say where the photo is, should this fail: still on the phone, or already on the server.
        const online = await page.evaluate(() => navigator.onLine);
        const queued = await queuedPhotoCount(page);
        const onServer = await imageCount(order);
        const shown = await card(page, order).innerText();
        throw new Error(
          `${String(error)}\nnavigator.onLine: ${online}; photos queued on the phone: ${queued}; ` +
            `on the server: ${onServer}; the card says: ${shown.slice(0, 600)}`,
          { cause: error },
        );
      });
    await card(page, order).getByText('Gasket', { exact: true }).waitFor();
    expect(await card(page, order).getByLabel('Serial number', { exact: true }).inputValue()).toBe(
      SCANNED_SERIAL,
    );
    expect(await imageCount(order)).toBe(1);
    expect((await workLogsOf(order)).length).toBe(1);

    // Online again: all of it is on the order, each once.
    await phone.context.setOffline(false);
    await expect
      .poll(
        () =>
          page
            .getByRole('status')
            .filter({ hasText: /waiting to (send|upload)/ })
            .count(),
        {
          timeout: 30_000,
        },
      )
      .toBe(0);
    // Nothing refused on the way; the last answers may still be arriving, so wait for the serial.
    expect(await page.getByRole('alert').allTextContents()).toEqual([]);
    await expect
      .poll(
        async () =>
          (await api<{ serialNumber: string | null }>('GET', `/service-orders/${order.id}`)).json
            .serialNumber,
        { timeout: 15_000 },
      )
      .toBe(SCANNED_SERIAL);
    await expect.poll(() => imageCount(order), { timeout: 15_000 }).toBe(2);
    const after = (
      await api<{
        serialNumber: string | null;
        internalNotes: string | null;
        checkpoints: { measurements: Record<string, { answer: string | null }> };
        spareParts: { partNumber: string; partName: string; quantity: number }[];
      }>('GET', `/service-orders/${order.id}`)
    ).json;
    expect(after.checkpoints.measurements['heaterElement']?.answer).toBe('working_condition');
    expect(after.serialNumber).toBe(SCANNED_SERIAL);
    expect(after.internalNotes).toBe('Gate code 4411');
    expect(after.spareParts.map((p) => [p.partNumber, p.partName, p.quantity])).toEqual([
      ['P-1', 'Seal', 3],
      ['P-100', 'Gasket', 2],
    ]);
    expect((await workLogsOf(order)).map((l) => [l.manualMinutes, l.notes])).toEqual([
      [10, 'Earlier visit'],
      [30, 'Fitted the gasket offline'],
    ]);
    expect(await imageCount(order)).toBe(2);
  });
});

/** A small JPEG of one colour, like a phone photo. */
function jpeg(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

async function imageCount(order: Order): Promise<number> {
  const images = await api<unknown[]>('GET', `/service-orders/${order.id}/images`);
  expect(images.status).toBe(200);
  return images.json.length;
}

/** What the phone has kept in IndexedDB for the order (thumbnails left out), and its run's mark. */
function keptFor(on: Page, orderId: string): Promise<{ id: string; kind: string; value?: unknown }[]> {
  return on.evaluate(
    (id) =>
      new Promise<{ id: string; kind: string; value?: unknown }[]>((resolve) => {
        const open = indexedDB.open('service-portal-phone');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('kept')) {
            db.close();
            resolve([]);
            return;
          }
          const all = db.transaction('kept').objectStore('kept').getAll();
          all.onsuccess = () => {
            const records = all.result as {
              id: string;
              kind: string;
              orderId?: string;
              thumbnail?: unknown;
            }[];
            resolve(
              records
                .filter((r) => r.orderId === id || r.kind === 'saved')
                .map(({ thumbnail: _thumbnail, ...rest }) => rest),
            );
            db.close();
          };
        };
      }),
    orderId,
  );
}

/** How many photos wait in the phone's upload queue (IndexedDB's `photos` store). */
function queuedPhotoCount(on: Page): Promise<number> {
  return on.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('service-portal-phone');
        open.onerror = () => resolve(-1);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('photos')) {
            db.close();
            resolve(0);
            return;
          }
          const count = db.transaction('photos').objectStore('photos').count();
          count.onsuccess = () => {
            resolve(count.result);
            db.close();
          };
          count.onerror = () => resolve(-1);
        };
      }),
  );
}

/** How many photo thumbnails of the order the phone has kept in IndexedDB. */
async function keptPhotos(on: Page, orderId: string): Promise<number> {
  return (await keptFor(on, orderId)).filter((r) => r.kind === 'photo').length;
}
