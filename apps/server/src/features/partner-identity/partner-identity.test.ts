import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTING_PARTNER_HEADER } from '@service-portal/shared/auth';
import type { PartnerIdentity } from '@service-portal/shared/partner-identity';
import type { ServiceOrder } from '@service-portal/shared/service-orders';
import type { UploadInfo, UploadLinkCreated } from '@service-portal/shared/upload-links';
import { partnerIdentities } from '../../db/schema/partner-identity.ts';
import { storedFiles } from '../../db/schema/stored-files.ts';
import { multipart, type Part } from '../../../test/image-fixtures.ts';
import { bearer } from '../../../test/helper.ts';
import { createOrdersWorld, orderInput, type OrdersWorld } from '../../../test/service-order-fixtures.ts';

// Decision 077: the partner's logo and contact details, for its Administrator; shown on the
// customer's pages and printed on the service report.
let w: OrdersWorld;
const admin = () => w.api(w.tokens.office); // Nordic's Administrator
const fjordAdmin = () => w.api(w.tokens.admin, { [ACTING_PARTNER_HEADER]: w.partners.fjord });

function putLogo(token: string, parts: Part[], headers: Record<string, string> = {}) {
  const body = multipart(parts);
  return w.ctx.app.inject({
    method: 'PUT',
    url: '/api/partner-identity/logo',
    headers: { ...bearer(token), ...headers, ...body.headers },
    payload: body.payload,
  });
}
const logoPart = (data: Buffer, filename = 'logo.png', contentType = 'image/png'): Part => ({
  name: 'file',
  filename,
  data,
  contentType,
});
const fetchPublic = (url: string) => w.ctx.app.inject({ method: 'GET', url });

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 28, g: 95, b: 168, alpha: 1 } } });

async function ledgerOf(partnerId: string) {
  return w.ctx.app.db.select().from(storedFiles).where(eq(storedFiles.servicePartnerId, partnerId));
}

async function linkToken(token: string, orderId: string): Promise<string> {
  const link = await w.api(token).post(`/service-orders/${orderId}/upload-links`, { sendVia: 'none' });
  expect(link.statusCode, link.body).toBe(201);
  return /\/customer-upload\/([A-Za-z0-9_-]+)/.exec(link.json<UploadLinkCreated>().url)![1]!;
}

beforeAll(async () => {
  w = await createOrdersWorld();
});
afterAll(async () => w.ctx.close());

describe("the partner's identity settings", () => {
  it('starts with the name and nothing else', async () => {
    const res = await admin().get('/partner-identity');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PartnerIdentity>()).toEqual({
      name: 'Nordic Service AS',
      phone: null,
      email: null,
      address: null,
      website: null,
      logo: null,
      updatedAt: null,
    });
  });

  it('saves the contact details, trimmed, the e-mail in lower case', async () => {
    const res = await admin().put('/partner-identity', {
      phone: ' +47 22 33 44 55 ',
      email: 'Service@Nordic.example.com',
      address: 'Alnabruveien 15, 0668 Oslo',
      website: 'https://nordic.example.com',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PartnerIdentity>()).toMatchObject({
      phone: '+47 22 33 44 55',
      email: 'service@nordic.example.com',
      address: 'Alnabruveien 15, 0668 Oslo',
      website: 'https://nordic.example.com',
    });
  });

  it('refuses bad contact details field by field and changes nothing', async () => {
    const res = await admin().put('/partner-identity', {
      phone: 'call me',
      email: 'not-an-address',
      address: 'x'.repeat(301),
      website: 'javascript:alert(1)',
    });
    expect(res.statusCode).toBe(400);
    const problem = res.json<{ code: string; errors: { path: string; message: string }[] }>();
    expect(problem.code).toBe('validation_failed');
    expect(problem.errors.map((e) => [e.path, e.message]).sort()).toEqual([
      ['address', 'This text is too long'],
      ['email', 'Please enter a valid email address'],
      ['phone', 'Please enter a valid phone number'],
      ['website', 'Enter a web address starting with https://'],
    ]);
    expect((await admin().get('/partner-identity')).json<PartnerIdentity>().phone).toBe('+47 22 33 44 55');
  });

  it('is for the Administrator only: a service manager and a technician are refused', async () => {
    for (const token of [w.tokens.manager, w.tokens.tech]) {
      expect((await w.api(token).get('/partner-identity')).statusCode).toBe(403);
      expect((await w.api(token).put('/partner-identity', { phone: '+47 99 99 99 99' })).statusCode).toBe(
        403,
      );
      expect((await putLogo(token, [logoPart(await solid(64, 64).png().toBuffer())])).statusCode).toBe(403);
      expect((await w.api(token).del('/partner-identity/logo')).statusCode).toBe(403);
    }
    expect((await admin().get('/partner-identity')).json<PartnerIdentity>().phone).toBe('+47 22 33 44 55');
  });
});

describe("the partner's logo", () => {
  let firstUrl: string;

  it('takes a PNG, scales it down to 512 px with its aspect, and serves it publicly', async () => {
    const res = await putLogo(w.tokens.office, [logoPart(await solid(1500, 500).png().toBuffer())]);
    expect(res.statusCode, res.body).toBe(200);
    const logo = res.json<PartnerIdentity>().logo!;
    expect(logo).toMatchObject({ width: 512, height: 171, contentType: 'image/png' });
    expect(logo.url).toMatch(/^\/api\/partner-logos\/[0-9a-f-]{36}\/logo\.png$/);
    firstUrl = logo.url;
    const file = await fetchPublic(logo.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    // Its address changes with every upload: the route's caching is what reaches the browser,
    // beside the security headers every answer carries.
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers['referrer-policy']).toBe('no-referrer');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 512, 171]);
    expect(logo.bytes).toBe(file.rawPayload.length);
  });

  it('keeps a JPEG a JPEG and turns WebP into PNG; a small logo is not enlarged', async () => {
    const jpeg = await putLogo(w.tokens.office, [
      logoPart(await solid(300, 200).jpeg().toBuffer(), 'logo.jpg', 'image/jpeg'),
    ]);
    expect(jpeg.statusCode, jpeg.body).toBe(200);
    expect(jpeg.json<PartnerIdentity>().logo).toMatchObject({
      width: 300,
      height: 200,
      contentType: 'image/jpeg',
    });
    const webp = await putLogo(w.tokens.office, [
      logoPart(await solid(200, 800).webp().toBuffer(), 'logo.webp', 'image/webp'),
    ]);
    expect(webp.statusCode, webp.body).toBe(200);
    expect(webp.json<PartnerIdentity>().logo).toMatchObject({
      width: 128,
      height: 512,
      contentType: 'image/png',
    });
  });

  it('hands a replaced logo to the clean-up: its old address no longer answers', async () => {
    expect((await fetchPublic(firstUrl)).statusCode).toBe(404);
    const rows = await ledgerOf(w.partners.nordic);
    const logos = rows.filter((r) => r.key.startsWith(`partners/${w.partners.nordic}/logos/`));
    // Three logos were stored; the sweep may already have dropped the two replaced ones' rows.
    expect(logos.length).toBeGreaterThanOrEqual(1);
    expect(logos.length).toBeLessThanOrEqual(3);
    expect(logos.filter((r) => r.deletedAt === null)).toHaveLength(1);
    expect(logos.every((r) => r.committedAt !== null)).toBe(true);
  });

  it('refuses SVG, a text file named .png, and a file over the limit, by content, with clear codes', async () => {
    const before = (await admin().get('/partner-identity')).json<PartnerIdentity>().logo;
    // The sweep may drop the earlier logos' deleted rows meanwhile: what counts is that no new one stays.
    const keysBefore = new Set((await ledgerOf(w.partners.nordic)).map((r) => r.key));
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/></svg>',
    );
    const asSvg = await putLogo(w.tokens.office, [logoPart(svg, 'logo.svg', 'image/svg+xml')]);
    expect(asSvg.statusCode).toBe(415);
    expect(asSvg.headers['content-type']).toContain('application/problem+json');
    expect(asSvg.json()).toMatchObject({ code: 'unsupported_media_type' });
    expect(asSvg.json().detail).toContain('PNG, JPEG or WebP');
    const renamed = await putLogo(w.tokens.office, [logoPart(svg, 'logo.png', 'image/png')]);
    expect(renamed.statusCode).toBe(415);
    const text = await putLogo(w.tokens.office, [logoPart(Buffer.from('hello '.repeat(100)), 'logo.png')]);
    expect(text.statusCode).toBe(415);
    // A real PNG header with nothing readable behind it.
    const broken = Buffer.concat([(await solid(64, 64).png().toBuffer()).subarray(0, 60), Buffer.alloc(200)]);
    expect((await putLogo(w.tokens.office, [logoPart(broken)])).statusCode).toBe(415);
    const big = Buffer.concat([await solid(64, 64).png().toBuffer(), Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const tooBig = await putLogo(w.tokens.office, [logoPart(big)]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'payload_too_large' });
    const tiny = await putLogo(w.tokens.office, [logoPart(await solid(8, 8).png().toBuffer())]);
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json().errors[0].path).toBe('file');
    const none = await putLogo(w.tokens.office, [{ name: 'other', value: 'x' }]);
    expect(none.statusCode).toBe(400);
    // Nothing changed and nothing was left in the store.
    expect((await admin().get('/partner-identity')).json<PartnerIdentity>().logo).toEqual(before);
    expect((await ledgerOf(w.partners.nordic)).filter((r) => !keysBefore.has(r.key))).toEqual([]);
  });

  it('keeps partners apart: Fjord sees its own identity and cannot reach Nordic', async () => {
    const nordic = (await admin().get('/partner-identity')).json<PartnerIdentity>();
    const fjord = await fjordAdmin().get('/partner-identity');
    expect(fjord.statusCode, fjord.body).toBe(200);
    expect(fjord.json<PartnerIdentity>()).toMatchObject({ name: 'Fjord Repair AS', phone: null, logo: null });
    const set = await fjordAdmin().put('/partner-identity', { phone: '+47 55 66 77 88' });
    expect(set.statusCode, set.body).toBe(200);
    const removed = await fjordAdmin().del('/partner-identity/logo');
    expect(removed.statusCode).toBe(200);
    // Nordic's identity is untouched by Fjord's changes.
    expect((await admin().get('/partner-identity')).json<PartnerIdentity>()).toEqual(nordic);
    // A Nordic Administrator naming Fjord still acts for Nordic.
    const named = await w
      .api(w.tokens.office, { [ACTING_PARTNER_HEADER]: w.partners.fjord })
      .get('/partner-identity');
    expect(named.json<PartnerIdentity>().name).toBe('Nordic Service AS');
  });

  it("shows the partner's name, logo and contact on the customer's link, and only its own", async () => {
    const nordicOrder = (
      await w.api(w.tokens.manager).post('/service-orders', orderInput({ serialNumber: 'SN-ID-1' }))
    ).json<ServiceOrder>();
    const fjordOrder = (
      await w.api(w.tokens.fjord).post('/service-orders', orderInput({ serialNumber: 'SN-ID-2' }))
    ).json<ServiceOrder>();
    const nordicInfo = (
      await fetchPublic(`/api/customer-upload/${await linkToken(w.tokens.manager, nordicOrder.id)}`)
    ).json<UploadInfo>();
    const nordic = (await admin().get('/partner-identity')).json<PartnerIdentity>();
    expect(nordicInfo.partner).toEqual({
      name: 'Nordic Service AS',
      phone: '+47 22 33 44 55',
      email: 'service@nordic.example.com',
      address: 'Alnabruveien 15, 0668 Oslo',
      website: 'https://nordic.example.com',
      logoUrl: nordic.logo!.url,
    });
    expect((await fetchPublic(nordicInfo.partner!.logoUrl!)).statusCode).toBe(200);
    const fjordInfo = (
      await fetchPublic(`/api/customer-upload/${await linkToken(w.tokens.fjord, fjordOrder.id)}`)
    ).json<UploadInfo>();
    expect(fjordInfo.partner).toEqual({
      name: 'Fjord Repair AS',
      phone: '+47 55 66 77 88',
      email: null,
      address: null,
      website: null,
      logoUrl: null,
    });
  });

  it('answers 404 for an unknown logo id or a wrong file name, never another file', async () => {
    const url = (await admin().get('/partner-identity')).json<PartnerIdentity>().logo!.url;
    expect((await fetchPublic(url.replace(/logo\.png$/, 'logo.jpg'))).statusCode).toBe(404);
    expect(
      (await fetchPublic('/api/partner-logos/00000000-0000-4000-8000-000000000000/logo.png')).statusCode,
    ).toBe(404);
    expect((await fetchPublic(url.replace(/logo\.png$/, '..%2Fx'))).statusCode).toBe(400);
  });

  it('removes the logo: its address stops answering and its file goes to the clean-up', async () => {
    const url = (await admin().get('/partner-identity')).json<PartnerIdentity>().logo!.url;
    const res = await admin().del('/partner-identity/logo');
    expect(res.statusCode).toBe(200);
    expect(res.json<PartnerIdentity>().logo).toBeNull();
    expect(res.json<PartnerIdentity>().phone).toBe('+47 22 33 44 55');
    expect((await fetchPublic(url)).statusCode).toBe(404);
    const [row] = await w.ctx.app.db
      .select()
      .from(partnerIdentities)
      .where(eq(partnerIdentities.servicePartnerId, w.partners.nordic));
    expect(row?.logoKey).toBeNull();
    const live = (await ledgerOf(w.partners.nordic)).filter(
      (r) => r.key.startsWith(`partners/${w.partners.nordic}/logos/`) && r.deletedAt === null,
    );
    expect(live).toEqual([]);
  });
});

describe('the service report prints the identity', () => {
  async function signedPdf(serial: string): Promise<Uint8Array> {
    const order = (
      await w.api(w.tokens.manager).post('/service-orders', orderInput({ serialNumber: serial }))
    ).json<ServiceOrder>();
    expect((await w.api(w.tokens.manager).get(`/service-orders/${order.id}/report`)).statusCode).toBe(200);
    const signed = await w.api(w.tokens.manager).post(`/service-orders/${order.id}/report/signature`, {
      signerName: 'Kari Kunde',
      language: 'en',
      signature: { kind: 'typed' },
    });
    expect(signed.statusCode, signed.body).toBe(201);
    const pdf = await w.api(w.tokens.manager).get(`/service-orders/${order.id}/report/pdf`);
    expect(pdf.statusCode).toBe(200);
    return new Uint8Array(pdf.rawPayload);
  }
  const imageXObjects = (bytes: Uint8Array) =>
    (
      Buffer.from(bytes)
        .toString('latin1')
        .match(/\/Subtype\s*\/Image/g) ?? []
    ).length;
  const textOf = async (bytes: Uint8Array) =>
    (await extractText(bytes, { mergePages: true })).text.replace(/\s+/g, ' ');

  it('without a logo: the name and the contact details, and no image', async () => {
    const bytes = await signedPdf('SN-PDF-1');
    const text = await textOf(bytes);
    expect(text).toContain('Nordic Service AS');
    expect(text).toContain('Phone: +47 22 33 44 55');
    expect(text).toContain('E-mail: service@nordic.example.com');
    expect(text).toContain('Alnabruveien 15, 0668 Oslo');
    expect(text).toContain('https://nordic.example.com');
    expect(imageXObjects(bytes)).toBe(0);
  });

  it('with a logo: an image in the header beside the name and contact', async () => {
    const set = await putLogo(w.tokens.office, [logoPart(await solid(600, 200).png().toBuffer())]);
    expect(set.statusCode, set.body).toBe(200);
    const bytes = await signedPdf('SN-PDF-2');
    expect(imageXObjects(bytes)).toBe(1);
    const text = await textOf(bytes);
    expect(text).toContain('Nordic Service AS');
    expect(text).toContain('Phone: +47 22 33 44 55');
  });
});
