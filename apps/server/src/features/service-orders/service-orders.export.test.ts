import { testNow } from '../../../test/helper.ts';
import http from 'node:http';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceOrder } from '@service-portal/shared/service-orders';
import { serviceOrders } from '../../db/schema/service-orders.ts';
import { createOrdersWorld, orderInput, type OrdersWorld } from '../../../test/service-order-fixtures.ts';
import { neutralise, xmlText } from '../../integrations/xlsx/sheet-xml.ts';
import { wallClockOf } from '../../integrations/xlsx/workbook.ts';
import { createServiceOrdersRepository } from './service-orders.repository.ts';
import { todayIn } from '@service-portal/shared/zoned-days';

let w: OrdersWorld;
let risky: ServiceOrder;
let plain: ServiceOrder;

beforeAll(async () => {
  w = await createOrdersWorld();
  const manager = w.api(w.tokens.manager);
  risky = (
    await manager.post(
      '/service-orders',
      orderInput({
        title: '=HYPERLINK("http://evil.example","Click")',
        customerName: '+Kari Nordmann',
        customerEmail: 'kari.nordmann@example.net',
        customerPhone: '+47 912 34 567',
        serialNumber: '-2+3',
        internalNotes: '@SUM(A1:A9) is what the customer wrote',
        estimatedCost: 123_450,
        currency: 'EUR',
        assignedTechnicianId: w.technicians.tore,
      }),
    )
  ).json();
  plain = (
    await manager.post(
      '/service-orders',
      orderInput({
        title: 'Annual maintenance',
        customerName: 'Ola Hansen',
        serialNumber: 'INC-2020-00001',
        scheduledDate: '2099-03-01',
      }),
    )
  ).json();
  plain = (await manager.put(`/service-orders/${plain.id}`, { version: 1, status: 'in_progress' })).json();
  plain = (await manager.put(`/service-orders/${plain.id}`, { version: 2, status: 'completed' })).json();
  await w.api(w.tokens.fjord).post('/service-orders', orderInput({ title: 'Fjord secret order' }));
});
afterAll(async () => w.ctx.close());

async function download(token: string, query = '') {
  const res = await w.api(token).get(`/service-orders/export${query}`);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow((row) => rows.push(row));
  const header = (rows[0]!.values as unknown[]).slice(1) as string[];
  return { res, sheet, header, rows: rows.slice(1) };
}

const cellOf = (row: ExcelJS.Row, header: string[], name: string) => row.getCell(header.indexOf(name) + 1);

describe('GET /api/service-orders/export', () => {
  it('streams an .xlsx named for today, with the list columns', async () => {
    const { res, header, rows } = await download(w.tokens.manager);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="service-orders-${todayIn('Europe/Oslo', testNow())}.xlsx"`,
    );
    expect(header).toEqual([
      'Order number',
      'Title',
      'Status',
      'Priority',
      'Type',
      'Customer name',
      'Customer e-mail',
      'Customer phone',
      'Serial number',
      'Technician',
      'Scheduled date',
      'Created',
      'Completed',
      'Estimated cost',
      'Labour',
      'Parts',
      'Total',
    ]);
    expect(rows.map((r) => cellOf(r, header, 'Order number').value)).toEqual([
      plain.orderNumber,
      risky.orderNumber,
    ]);

    const done = rows[0]!;
    expect(cellOf(done, header, 'Status').value).toBe('Completed');
    expect(cellOf(done, header, 'Type').value).toBe('Repair');
    expect(cellOf(done, header, 'Scheduled date').value).toEqual(new Date('2099-03-01T00:00:00Z'));
    const created = cellOf(done, header, 'Created').value as Date;
    // Oslo wall-clock time: off from UTC by the zone's offset (1 or 2 hours).
    const offsetHours = (created.getTime() - new Date(plain.createdAt).getTime()) / 3_600_000;
    expect([1, 2]).toContain(Math.round(offsetHours));
    expect(cellOf(done, header, 'Completed').value).toBeInstanceOf(Date);
    expect(cellOf(done, header, 'Estimated cost').value).toBeNull();
  });

  it('neutralises text that a spreadsheet would run as a formula', async () => {
    const { header, rows } = await download(w.tokens.manager);
    const row = rows.find((r) => cellOf(r, header, 'Order number').value === risky.orderNumber)!;
    expect(cellOf(row, header, 'Title').value).toBe(`'=HYPERLINK("http://evil.example","Click")`);
    expect(cellOf(row, header, 'Customer name').value).toBe("'+Kari Nordmann");
    // A phone number cannot run anything: it stays as typed, without an apostrophe (issue 18).
    expect(cellOf(row, header, 'Customer phone').value).toBe('+47 912 34 567');
    expect(cellOf(row, header, 'Serial number').value).toBe("'-2+3");
    expect(cellOf(row, header, 'Technician').value).toBe('Tore Nilsen');
    for (const cell of row.model?.cells ?? []) expect(cell.formula).toBeUndefined();
    const cost = cellOf(row, header, 'Estimated cost');
    expect(cost.value).toBe(1234.5);
    expect(cost.numFmt).toContain('EUR');
  });

  it('neutralise() covers = + - @ tab and carriage return, and nothing else', () => {
    for (const v of ['=1+1', '+1+1', '+A1', '-1', '@x', '\t=1', '\r=1', '+47 SUM(A1)'])
      expect(neutralise(v)).toBe(`'${v}`);
    for (const v of ['Ola', '1-2', 'a=b', '', "'quoted", '+47 912 34 567', '+1 (555) 010-9999'])
      expect(neutralise(v)).toBe(v);
  });

  it('adds internal notes only for a manager who asks for them', async () => {
    const asked = await download(w.tokens.manager, '?includeInternalNotes=true');
    expect(asked.header.at(-1)).toBe('Internal notes');
    const row = asked.rows.find((r) => cellOf(r, asked.header, 'Order number').value === risky.orderNumber)!;
    expect(cellOf(row, asked.header, 'Internal notes').value).toBe("'@SUM(A1:A9) is what the customer wrote");

    const notAsked = await download(w.tokens.manager);
    expect(notAsked.header).not.toContain('Internal notes');
    const technician = await download(w.tokens.tech, '?includeInternalNotes=true');
    expect(technician.header).not.toContain('Internal notes');
    const body = technician.rows.flatMap((r) => (r.values as unknown[]).map(String)).join('|');
    expect(body).not.toContain('SUM(A1:A9)');
  });

  it("applies the list filters and never includes another partner's orders", async () => {
    const completed = await download(w.tokens.manager, '?status=completed');
    expect(completed.rows.map((r) => cellOf(r, completed.header, 'Order number').value)).toEqual([
      plain.orderNumber,
    ]);
    const searched = await download(w.tokens.manager, '?search=nordmann&sortDirection=asc');
    expect(searched.rows).toHaveLength(1);
    const all = await download(w.tokens.manager);
    expect(all.rows.flatMap((r) => (r.values as unknown[]).map(String)).join('|')).not.toContain(
      'Fjord secret order',
    );
    const fjord = await download(w.tokens.fjord);
    expect(fjord.rows.map((r) => cellOf(r, fjord.header, 'Title').value)).toEqual(['Fjord secret order']);
  });

  it('exports every row exactly once across batches, even with equal timestamps', async () => {
    const total = 2345;
    // Seven orders share each instant, with microseconds a JS Date cannot hold.
    const rows = Array.from({ length: total }, (_, i) => ({
      servicePartnerId: w.partners.nordic,
      orderNumber: `SO-1999-${String(i + 1).padStart(6, '0')}`,
      title: `Bulk order ${i + 1}`,
      serviceType: 'repair' as const,
      priority: 'normal' as const,
      status: 'created' as const,
      currency: 'NOK' as const,
      serialNumber: `BULKEXP-${i + 1}`,
      customerId: risky.customerId,
      customerName: 'Bulk Kunde',
      customerEmail: 'bulk@example.net',
      checkpoints: risky.checkpoints,
      createdAt: sql`timestamptz '2025-06-01 10:00:00.123456+00' - ${Math.floor(i / 7)} * interval '1 second'`,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await w.ctx.app.db.insert(serviceOrders).values(rows.slice(i, i + 500));
    for (const direction of ['desc', 'asc']) {
      const { header, rows: out } = await download(
        w.tokens.manager,
        `?search=BULKEXP-&sortDirection=${direction}`,
      );
      const serials = out.map((r) => cellOf(r, header, 'Serial number').text);
      expect(serials).toHaveLength(total);
      expect(new Set(serials).size).toBe(total);
      const firstGroup = direction === 'desc' ? serials.slice(0, 7) : serials.slice(-7);
      // Newest instant (i = 0..6) first when descending, last when ascending.
      expect(firstGroup.sort()).toEqual([
        'BULKEXP-1',
        'BULKEXP-2',
        'BULKEXP-3',
        'BULKEXP-4',
        'BULKEXP-5',
        'BULKEXP-6',
        'BULKEXP-7',
      ]);
    }
    // The endpoint reads 1,000 rows a query (two boundaries above, inside groups of equal
    // timestamps: 1,000 = 142 × 7 + 6); straight from the repository, 500-row batches put more
    // boundaries inside groups (500 = 71 × 7 + 3), with the next query running at each yield.
    const repo = createServiceOrdersRepository(w.ctx.app.db);
    for (const direction of ['desc', 'asc'] as const) {
      const sizes: number[] = [];
      const serials: (string | null)[] = [];
      const batches = repo.exportBatches({ partnerId: w.partners.nordic }, { text: 'BULKEXP-' }, direction, {
        internalNotes: false,
        batchSize: 500,
      });
      for await (const batch of batches) {
        sizes.push(batch.length);
        serials.push(...batch.map((r) => r.serialNumber));
      }
      expect(sizes).toEqual([500, 500, 500, 500, 345]);
      expect(new Set(serials).size).toBe(total);
    }
  });

  it('stops cleanly when the client hangs up mid-download', async () => {
    const address = await w.ctx.app.listen({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((resolve, reject) => {
      const req = http.get(
        `${address}/api/service-orders/export`,
        { headers: { authorization: `Bearer ${w.tokens.manager}` } },
        (res) => {
          expect(res.statusCode).toBe(200);
          res.once('data', () => {
            req.destroy();
            setTimeout(resolve, 300);
          });
        },
      );
      req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
    });
    // Vitest fails the run on any unhandled error; the server must also still answer.
    const next = await fetch(`${address}/api/service-orders/stats`, {
      headers: { authorization: `Bearer ${w.tokens.manager}` },
    });
    expect(next.status).toBe(200);
  });

  it('adds labour (completed work logs), parts and total per order, in one currency as numbers', async () => {
    const manager = w.api(w.tokens.manager);
    const order = (
      await manager.post(
        '/service-orders',
        orderInput({
          title: 'Totals order',
          spareParts: [
            {
              partNumber: 'P-1',
              partName: 'Heater element',
              quantity: 2,
              unitCost: 189_000,
              currency: 'NOK',
            },
            { partNumber: 'P-2', partName: 'Valve', quantity: 1, unitCost: 2_500, currency: 'EUR' },
          ],
        }),
      )
    ).json<ServiceOrder>();
    const labourOnly = (
      await manager.post('/service-orders', orderInput({ title: 'Labour only' }))
    ).json<ServiceOrder>();
    // Default pricing: NOK 950/h, 15 minutes, up. 50 minutes bill 60 = NOK 950.00.
    for (const target of [order, labourOnly]) {
      const log = (
        await manager.post(`/service-orders/${target.id}/work-logs`, {
          category: 'service_log',
          manualMinutes: 50,
        })
      ).json<{ id: string }>();
      await manager.post(`/service-orders/${target.id}/work-logs/${log.id}/complete`, {});
    }
    // An open log is not billed yet.
    await manager.post(`/service-orders/${order.id}/work-logs`, { category: 'other', manualMinutes: 600 });

    const { header, rows } = await download(
      w.tokens.manager,
      '?search=' + encodeURIComponent(order.orderNumber),
    );
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(cellOf(row, header, 'Labour').value).toBe(950);
    expect(cellOf(row, header, 'Labour').numFmt).toContain('NOK');
    // Two currencies cannot share a number cell: the amounts are written out.
    expect(cellOf(row, header, 'Parts').value).toBe('3,780.00 NOK + 25.00 EUR');
    expect(cellOf(row, header, 'Total').value).toBe('4,730.00 NOK + 25.00 EUR');

    // The repository hands the totals over with the order's row (decision 084), as the triggers
    // keep them: parts from the lines, labour from the completed logs (the open one not yet).
    const repo = createServiceOrdersRepository(w.ctx.app.db);
    const scope = { partnerId: w.partners.nordic };
    for await (const batch of repo.exportBatches(scope, { text: order.orderNumber }, 'desc', {
      internalNotes: false,
    })) {
      expect(batch[0]!.partsTotals).toBe('EUR 2500 NOK 378000');
      expect(batch[0]!.labourTotals).toBe('NOK 95000');
    }
    for await (const batch of repo.exportBatches(scope, { text: labourOnly.orderNumber }, 'desc', {
      internalNotes: false,
    })) {
      expect(batch[0]!.partsTotals).toBeNull();
      expect(batch[0]!.labourTotals).toBe('NOK 95000');
    }

    const other = await download(w.tokens.manager, '?search=' + encodeURIComponent(labourOnly.orderNumber));
    const only = other.rows[0]!;
    expect(cellOf(only, other.header, 'Labour').value).toBe(950);
    // Nothing used is 0 like any amount, not a blank cell (issue 18).
    expect(cellOf(only, other.header, 'Parts').value).toBe(0);
    expect(cellOf(only, other.header, 'Total').value).toBe(950);
    expect(cellOf(only, other.header, 'Total').numFmt).toContain('NOK');
  });

  it('writes a sheet that spreadsheet programs read as the old one: frozen header, widths, formats', async () => {
    const { sheet, header, rows } = await download(w.tokens.manager, '?includeInternalNotes=true');
    expect(sheet.name).toBe('Service orders');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getColumn(2).width).toBe(40);
    expect(sheet.getColumn(header.length).width).toBe(50);
    const done = rows.find((r) => cellOf(r, header, 'Order number').value === plain.orderNumber)!;
    expect(cellOf(done, header, 'Scheduled date').numFmt).toBe('yyyy-mm-dd');
    expect(cellOf(done, header, 'Created').numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(cellOf(done, header, 'Completed').numFmt).toBe('yyyy-mm-dd hh:mm');
    // Seconds survive, milliseconds do not (as before).
    const created = (cellOf(done, header, 'Created').value as Date).getTime();
    expect(created % 1000).toBe(0);
    expect(created).toBe(wallClockOf('Europe/Oslo')(new Date(plain.createdAt).getTime()));
  });

  it('escapes markup, keeps edge spaces and drops characters XML cannot hold', async () => {
    // Straight into the table: the API trims titles; older rows and imports may not be.
    const [odd] = await w.ctx.app.db
      .insert(serviceOrders)
      .values({
        servicePartnerId: w.partners.nordic,
        orderNumber: 'SO-1998-000001',
        title: '  <b>Fish & "chips"</b>\u0001\u0008 ',
        serviceType: 'repair',
        priority: 'normal',
        status: 'created',
        currency: 'GBP',
        estimatedCostMinor: 99_05,
        customerId: risky.customerId,
        customerName: 'Åse Ødegård 😀',
        customerEmail: 'ase@example.net',
        checkpoints: risky.checkpoints,
      })
      .returning();
    const { header, rows } = await download(
      w.tokens.manager,
      '?search=' + encodeURIComponent(odd!.orderNumber),
    );
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(cellOf(row, header, 'Title').value).toBe('  <b>Fish & "chips"</b> ');
    expect(cellOf(row, header, 'Customer name').value).toBe('Åse Ødegård 😀');
    expect(cellOf(row, header, 'Estimated cost').value).toBe(99.05);
    expect(cellOf(row, header, 'Estimated cost').numFmt).toBe('#,##0.00 "GBP"');
  });

  it('xmlText() escapes & < > " and strips what XML 1.0 forbids', () => {
    expect(xmlText('plain text, æøå')).toBe('plain text, æøå');
    expect(xmlText('a<b & c>"d"')).toBe('a&lt;b &amp; c&gt;&quot;d&quot;');
    expect(xmlText('tab\tnew\nline\rok')).toBe('tab\tnew\nline\rok');
    expect(xmlText('\u0000a\u0001b\u000bc\u001fd\u007fe\ufffef\uffff')).toBe('abcdef');
    // Pairs are characters; halves alone are not.
    expect(xmlText('😀')).toBe('😀');
    expect(xmlText('x\ud83dy\ude00z')).toBe('xyz');
  });

  it('wallClockOf() gives what formatToParts gives, around every offset change', () => {
    for (const timeZone of [
      'Europe/Oslo',
      'America/St_Johns',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'America/Sao_Paulo',
      'UTC',
    ]) {
      const format = new Intl.DateTimeFormat('en-GB', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
      const expected = (instant: number) => {
        const p = Object.fromEntries(format.formatToParts(instant).map((x) => [x.type, Number(x.value)]));
        return Date.UTC(p.year!, p.month! - 1, p.day, p.hour, p.minute, p.second);
      };
      const offset = (t: number) => expected(t) - Math.floor(t / 1000) * 1000;
      const wallClock = wallClockOf(timeZone);
      const check = (t: number) => {
        if (wallClock(t) !== expected(t)) expect([timeZone, new Date(t)]).toBe(expected(t));
      };
      // Every 3 h 7 min 13.5 s over 2019–2026 (instants with milliseconds too), and every 61.5 s
      // across each span in which the offset changed.
      const step = 11_233_500;
      let changes = 0;
      for (let t = Date.UTC(2019, 0, 1); t < Date.UTC(2026, 11, 31); t += step) {
        check(t);
        if (offset(t) !== offset(t - step)) {
          changes++;
          for (let u = t - step; u < t; u += 61_500) check(u);
        }
      }
      if (timeZone !== 'UTC' && timeZone !== 'Asia/Kathmandu') expect(changes).toBeGreaterThan(0);
    }
  });

  it('validates its filters', async () => {
    const res = await w.api(w.tokens.manager).get('/service-orders/export?status=nope');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });
});
