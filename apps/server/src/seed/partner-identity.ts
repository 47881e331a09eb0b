import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { Db } from '../db/client.ts';
import { partnerIdentities } from '../db/schema/partner-identity.ts';
import { createStoredFiles } from '../integrations/storage/file-ledger.ts';
import type { FileStorage } from '../integrations/storage/storage.ts';

/** Each demo partner's contact details and logo, drawn here in code (no file from elsewhere). */
const DEMO: Record<string, { phone: string; email: string; address: string; website: string; svg: string }> =
  {
    'Nordic Service AS': {
      phone: '+47 22 33 44 55',
      email: 'service@nordic.example.com',
      address: 'Alnabruveien 15, 0668 Oslo',
      website: 'https://nordic.example.com',
      // A wide logo: a blue tile with a white flame beside three bars (a sauna heater's stones).
      svg: `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="160" viewBox="0 0 480 160">
      <rect x="8" y="8" width="144" height="144" rx="28" fill="#1c5fa8"/>
      <path d="M80 34 C104 64 112 84 104 106 C98 124 62 124 56 106 C50 88 66 76 70 58 C78 72 84 78 88 74 C92 62 88 48 80 34 Z" fill="#ffffff"/>
      <circle cx="80" cy="104" r="12" fill="#f59f00"/>
      <rect x="176" y="40" width="280" height="22" rx="11" fill="#1c5fa8"/>
      <rect x="176" y="76" width="220" height="18" rx="9" fill="#4a86c8"/>
      <rect x="176" y="106" width="160" height="14" rx="7" fill="#f59f00"/>
    </svg>`,
    },
    'Fjord Repair AS': {
      phone: '+47 55 66 77 88',
      email: 'post@fjord.example.com',
      address: 'Bryggen 3, 5003 Bergen',
      website: 'https://fjord.example.com',
      // A square logo: mountains over a fjord.
      svg: `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
      <circle cx="128" cy="128" r="120" fill="#2b8a3e"/>
      <path d="M28 170 L96 70 L136 128 L164 92 L228 170 Z" fill="#ffffff"/>
      <path d="M40 186 C80 176 112 196 152 186 C184 178 204 186 220 190" stroke="#a5d8ff" stroke-width="10" fill="none" stroke-linecap="round"/>
    </svg>`,
    },
  };

/** The PNG the demo partner's logo is (exported for the tests). */
export async function demoLogoPng(partnerName: string): Promise<Buffer | null> {
  const demo = DEMO[partnerName];
  return demo ? sharp(Buffer.from(demo.svg)).png().toBuffer() : null;
}

/**
 * The demo partners' identity (decision 077): contact details and, with a file store, a logo, so
 * that `npm start` shows them on the customer's pages and in the signed report. Once per partner:
 * a partner that has a row already (a second start, or an Administrator's own) is left alone.
 */
export async function seedPartnerIdentities(
  db: Db,
  partnerIds: Map<string, string>,
  storage?: FileStorage,
): Promise<void> {
  for (const [name, demo] of Object.entries(DEMO)) {
    const partnerId = partnerIds.get(name);
    if (!partnerId) continue;
    const at = new Date();
    const contact = { phone: demo.phone, email: demo.email, address: demo.address, website: demo.website };
    const inserted = await db
      .insert(partnerIdentities)
      .values({ servicePartnerId: partnerId, ...contact, updatedAt: at })
      .onConflictDoNothing()
      .returning({ id: partnerIdentities.servicePartnerId });
    if (inserted.length === 0 || !storage) continue;
    const png = await demoLogoPng(name);
    if (!png) continue;
    const { width = 0, height = 0 } = await sharp(png).metadata();
    const logoId = randomUUID();
    const key = `partners/${partnerId}/logos/${logoId}.png`;
    const writes = createStoredFiles(db, storage, () => at).writes();
    const bytes = await writes.put(partnerId, key, Readable.from([png]), 'image/png');
    await db.transaction(async (tx) => {
      await tx
        .update(partnerIdentities)
        .set({
          logoId,
          logoKey: key,
          logoContentType: 'image/png',
          logoWidth: width,
          logoHeight: height,
          logoBytes: bytes,
        })
        .where(eq(partnerIdentities.servicePartnerId, partnerId));
      await writes.commit(tx, at);
    });
  }
}
