import { Readable } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import type { DocumentCategory } from '@service-portal/shared/documents';
import type { Db } from '../db/client.ts';
import { documents } from '../db/schema/documents.ts';
import { users } from '../db/schema/users.ts';
import { createDocumentsRepository } from '../features/documents/documents.repository.ts';
import { createDocumentsService, type Actor } from '../features/documents/documents.service.ts';
import { createStoredFiles } from '../integrations/storage/file-ledger.ts';
import type { FileStorage } from '../integrations/storage/storage.ts';
import type { UploadPart } from '../lib/multipart.ts';
import { makePdf, type PdfSection } from './pdf.ts';

interface DemoDocument {
  owner: 'maker' | 'Nordic Service AS' | 'Fjord Repair AS';
  fileName: string;
  title: string;
  description: string;
  category: DocumentCategory;
  sku?: string;
  tags: string[];
  sections: PdfSection[];
}

/** The demo info center: manuals, wiring and specs, service notes; the maker's and two partners'. */
export const DEMO_DOCUMENTS: DemoDocument[] = [
  {
    owner: 'maker',
    fileName: 'aquaheat-200-user-manual.pdf',
    title: 'AquaHeat 200 water heater - user manual',
    description: 'Installation, daily use and care of the AquaHeat 200 electric water heater.',
    category: 'user_manual',
    sku: 'AH-200',
    tags: ['heater', 'manual'],
    sections: [
      {
        heading: '1. Safety',
        paragraphs: [
          'Read this manual before installing the AquaHeat 200. Only an authorised electrician may connect the heater to the mains supply.',
          'The heater must be filled with water before the power is switched on. Dry firing destroys the immersion element.',
        ],
      },
      {
        heading: '2. Daily use',
        paragraphs: [
          'Set the thermostat between 65 and 75 degrees Celsius. Below 60 degrees legionella bacteria may grow in the tank.',
          'Open the safety valve lever once every three months to check that water runs freely from the overflow pipe.',
        ],
      },
      {
        heading: '3. Care and descaling',
        paragraphs: [
          'In areas with hard water, descale the immersion element every second year. Drain the tank, remove the flange and soak the element in citric acid.',
          'Frost protection: a heater in an unheated cabin must be drained completely before winter.',
        ],
      },
    ],
  },
  {
    owner: 'maker',
    fileName: 'aquaheat-200-wiring-and-specification.pdf',
    title: 'AquaHeat 200 - wiring diagram and technical specification',
    description: 'Electrical connection, terminal block layout and rated data.',
    category: 'technical_spec',
    sku: 'AH-200',
    tags: ['heater', 'wiring', 'electrical'],
    sections: [
      {
        heading: 'Rated data',
        paragraphs: [
          'Volume 200 litres. Rated power 3 kW at 230 V single phase or 400 V three phase. IP24 enclosure.',
          'Maximum working pressure 9 bar. The safety valve opens at 9 bar; the mixing valve limits the outlet to 60 degrees.',
        ],
      },
      {
        heading: 'Terminal block and wiring',
        paragraphs: [
          'Terminal L1 takes the phase conductor, N the neutral, and PE the protective earth. Use cable of at least 2.5 square millimetres.',
          'The thermal cut-out breaks both poles at 95 degrees and must be reset by hand. Protect the circuit with a 16 A breaker and an RCD of 30 mA.',
        ],
      },
    ],
  },
  {
    owner: 'maker',
    fileName: 'ecoflush-300-installation-manual.pdf',
    title: 'EcoFlush 300 wall-hung toilet - installation and user manual',
    description: 'Mounting frame, cistern connection and dual flush adjustment.',
    category: 'user_manual',
    sku: 'EF-300',
    tags: ['toilet', 'manual', 'installation'],
    sections: [
      {
        heading: 'Mounting',
        paragraphs: [
          'Fix the mounting frame to a load-bearing wall with the four anchor bolts supplied. The frame carries up to 400 kg.',
          'Connect the 110 mm soil pipe with the rubber collar; check the fall of at least 1:50 towards the stack.',
        ],
      },
      {
        heading: 'Dual flush adjustment',
        paragraphs: [
          'The full flush is set to 6 litres and the half flush to 3 litres at the factory. Turn the blue adjuster on the flush valve to change the half flush.',
          'A cistern that keeps running usually has a worn flapper seal or a float set too high.',
        ],
      },
    ],
  },
  {
    owner: 'maker',
    fileName: 'service-bulletin-sb-2026-04.pdf',
    title: 'Service bulletin SB-2026-04: flush valve seal replacement',
    description: 'Seals from batch 2025-11 may harden early. Replace under warranty.',
    category: 'service_documentation',
    sku: 'EF-300',
    tags: ['toilet', 'bulletin', 'warranty'],
    sections: [
      {
        heading: 'Affected units',
        paragraphs: [
          'EcoFlush 300 units with serial numbers from EF3-2511-0001 to EF3-2511-4800 carry flush valve seals that may harden within two years.',
        ],
      },
      {
        heading: 'Procedure',
        paragraphs: [
          'Shut the angle valve, flush to empty the cistern, lift out the flush valve and replace the silicone gasket with part number SP-EF-114.',
          'Record the replacement on the service order as warranty work; the maker credits 0.5 hours of labour.',
        ],
      },
    ],
  },
  {
    owner: 'maker',
    fileName: 'brukerveiledning-varmtvannsbereder.pdf',
    title: 'Varmtvannsbereder AquaHeat 120 - brukerveiledning',
    description: 'Norsk brukerveiledning for AquaHeat 120.',
    category: 'user_manual',
    sku: 'AH-120',
    tags: ['heater', 'norsk'],
    sections: [
      {
        heading: 'Sikkerhet',
        paragraphs: [
          'Sikkerhetsventilen skal kontrolleres fire ganger i året. Vri ventilhjulet til vannet renner fritt fra overløpsrøret.',
          'Berederen må alltid være fylt med vann før strømmen slås på.',
        ],
      },
    ],
  },
  {
    owner: 'maker',
    fileName: 'product-catalogue-2026.pdf',
    title: 'Product catalogue 2026',
    description: 'Heaters, toilets and accessories for the 2026 season.',
    category: 'marketing_material',
    tags: ['catalogue'],
    sections: [
      {
        heading: 'New this season',
        paragraphs: [
          'The EcoFlush 300 now comes with a soft-close seat and a rimless bowl. The AquaHeat range gains a smart controller with remote monitoring.',
        ],
      },
    ],
  },
  {
    owner: 'Nordic Service AS',
    fileName: 'nordic-workshop-checklist.pdf',
    title: 'Workshop checklist for heater repairs',
    description: "Nordic Service's own checklist for the bench.",
    category: 'service_documentation',
    sku: 'AH-200',
    tags: ['checklist', 'heater'],
    sections: [
      {
        heading: 'Before handover',
        paragraphs: [
          'Tighten the flange bolts crosswise to a torque of 25 newton metres. Pressure test at 9 bar for ten minutes and check for drips.',
          'Photograph the serial plate and the finished repair for the order.',
        ],
      },
    ],
  },
  {
    owner: 'Fjord Repair AS',
    fileName: 'fjord-van-stock-list.pdf',
    title: 'Service van stock list',
    description: "Fjord Repair's standard stock for each van.",
    category: 'service_documentation',
    tags: ['stock'],
    sections: [
      {
        heading: 'Stock per van',
        paragraphs: [
          'Two immersion elements, four flange gaskets, one safety valve, six flapper seals and a Bergen harbour parking permit.',
        ],
      },
    ],
  },
];

async function* partsOf(doc: DemoDocument, pdf: Buffer): AsyncGenerator<UploadPart> {
  yield { type: 'field', fieldname: 'scope', value: doc.owner === 'maker' ? 'maker' : 'partner' };
  yield { type: 'field', fieldname: 'category', value: doc.category };
  yield { type: 'field', fieldname: 'description', value: doc.description };
  if (doc.sku) yield { type: 'field', fieldname: 'sku', value: doc.sku };
  for (const tag of doc.tags) yield { type: 'field', fieldname: 'tags', value: tag };
  yield { type: 'field', fieldname: 'titles', value: doc.title };
  yield {
    type: 'file',
    fieldname: 'files',
    filename: doc.fileName,
    file: Readable.from([pdf]) as AsyncIterable<Buffer> & Readable,
  };
}

/**
 * The demo info center, through the same upload path as the screen: real PDFs made here, stored in
 * file storage, their text extracted at once (no job runner runs during the seed), so searching a
 * word inside one finds it on a newcomer's first start. Skipped when documents exist.
 */
export async function seedDocuments(
  db: Db,
  partnerIds: Map<string, string>,
  storage: FileStorage,
  /** The app's clock: the file ledger's times must be on the clock its clean-up job reads. */
  now: () => Date = () => new Date(),
): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(documents);
  if ((existing?.n ?? 0) > 0) return;
  const actorOf = async (email: string, isGlobalAdmin: boolean): Promise<Actor> => {
    const [row] = await db
      .select({ id: users.id, roles: users.roles })
      .from(users)
      .where(eq(users.email, email));
    if (!row) throw new Error(`demo user ${email} is missing`);
    return { id: row.id, roles: row.roles, isGlobalAdmin };
  };
  const admin = await actorOf('admin@example.com', true);
  const managers: Record<string, Actor> = {
    'Nordic Service AS': await actorOf('manager@nordic.example.com', false),
    'Fjord Repair AS': await actorOf('manager@fjord.example.com', false),
  };
  const pending: string[] = [];
  const service = createDocumentsService({
    repo: createDocumentsRepository(db),
    files: createStoredFiles(db, storage, now),
    now,
    maxBytes: 50 * 1024 * 1024,
    queueExtraction: async (versionId) => {
      pending.push(versionId);
    },
  });
  for (const doc of DEMO_DOCUMENTS) {
    const partnerId =
      doc.owner === 'maker' ? partnerIds.get('Nordic Service AS')! : partnerIds.get(doc.owner)!;
    const actor = doc.owner === 'maker' ? admin : managers[doc.owner]!;
    const pdf = await makePdf(doc.title, doc.sections);
    await service.upload({ partnerId }, actor, partsOf(doc, pdf));
  }
  for (const versionId of pending) await service.extractText(versionId);
}
