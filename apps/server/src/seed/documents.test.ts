import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentListResponse } from '@service-portal/shared/documents';
import { createLocalStorage } from '../integrations/storage/local-storage.ts';
import { createOrdersWorld, type OrdersWorld } from '../../test/service-order-fixtures.ts';
import { DEMO_DOCUMENTS, seedDocuments } from './documents.ts';

let w: OrdersWorld;
beforeAll(async () => {
  w = await createOrdersWorld();
  const storage = w.ctx.app.config.storage;
  if (storage.driver !== 'local') throw new Error('tests use local storage');
  const files = createLocalStorage(storage.root);
  const partners = new Map([
    ['Nordic Service AS', w.partners.nordic],
    ['Fjord Repair AS', w.partners.fjord],
  ]);
  // On the world's clock, which its sign-ins moved ahead: with the real one, the files' ledger
  // times looked over an hour old to the app's hourly clean-up of uncommitted files, which could
  // remove them mid-seed.
  const now = () => w.ctx.clock.now;
  await seedDocuments(w.ctx.app.db, partners, files, now);
  // Idempotent: a second run adds nothing.
  await seedDocuments(w.ctx.app.db, partners, files, now);
});
afterAll(async () => w.ctx.close());

const search = async (token: string, text: string) =>
  (await w.api(token).get(`/documents?search=${encodeURIComponent(text)}`)).json<DocumentListResponse>();

describe('the demo info center', () => {
  it('holds real PDFs whose words are searchable at once', async () => {
    const all = (await w.api(w.tokens.manager).get('/documents?pageSize=100')).json<DocumentListResponse>();
    const nordicSees = DEMO_DOCUMENTS.filter((d) => d.owner !== 'Fjord Repair AS').length;
    expect(all.total).toBe(nordicSees);
    expect(
      all.items.every((d) => d.current.mimeType === 'application/pdf' && d.current.textStatus === 'done'),
    ).toBe(true);
    // "legionella" is only inside the AquaHeat manual's second page.
    const found = await search(w.tokens.tech, 'legionella');
    expect(found.items.map((d) => d.title)).toEqual(['AquaHeat 200 water heater - user manual']);
    const snippet = found.items[0]!.match!.snippet!;
    expect(snippet.ranges.map(([s, e]) => snippet.text.slice(s, e))).toEqual(['legionella']);
    expect((await search(w.tokens.manager, 'sikkerhetsventilen')).total).toBe(1);
    // The partners' own documents stay their own.
    expect((await search(w.tokens.manager, 'torque')).total).toBe(1);
    expect((await search(w.tokens.fjord, 'torque')).total).toBe(0);
    expect((await search(w.tokens.fjord, 'bergen harbour')).total).toBe(1);
    expect((await search(w.tokens.manager, 'bergen harbour')).total).toBe(0);
  });
});
