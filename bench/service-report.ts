/**
 * The signed service report (issue 27): the PDF of a 4-page report with 8 customer photos, built
 * in-process exactly as the signing request builds it (photos read, scaled and embedded one at a
 * time). 3 warm-up builds, then 20 measured; p50/p95 and the growth of the process's RSS (sampled
 * every 20 ms) over its value after the warm-up. Targets: p95 < 3 s, RSS growth < 64 MB.
 * Run: `BENCH_ONLY=report npm run bench` (or `npx tsx bench/service-report.ts`).
 */
import sharp from 'sharp';
import { extractText } from 'unpdf';
import { buildReportPdf } from '../apps/server/src/features/service-reports/service-reports.pdf.ts';
import { resultRecorder } from './lib/results.ts';
import type { ReportContent } from '@service-portal/shared/service-reports';

const TARGETS = { p95Ms: 3000, rssGrowthMb: 64 };
const MB = 1024 * 1024;
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

/** A display-size photo (2048 px, noisy like a phone's detail), as the images pipeline stores it. */
async function photo(seed: number): Promise<Buffer> {
  const w = 2048;
  const h = 1536;
  const raw = Buffer.alloc(w * h * 3);
  let s = seed;
  for (let i = 0; i < raw.length; i++) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = ((s >> 16) & 0x3f) + (i % 192);
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

function content(): ReportContent {
  const parts = Array.from({ length: 12 }, (_, i) => ({
    partNumber: `CIN-${100 + i}`,
    partName: `Reservedel nr. ${i + 1} med et langt navn`,
    quantity: 1 + (i % 3),
    unitCostMinor: 12_500 + i * 100,
    lineMinor: (1 + (i % 3)) * (12_500 + i * 100),
    currency: 'NOK' as const,
  }));
  const workLogs = Array.from({ length: 8 }, (_, i) => ({
    category: 'service_log',
    description: `Arbeid ${i + 1}: feilsøking, bytte og test`,
    userName: 'Tore Tekniker',
    billedMinutes: 30,
    costMinor: 45_000,
    currency: 'NOK' as const,
  }));
  const labour = workLogs.reduce((a, w) => a + w.costMinor, 0);
  const partsMinor = parts.reduce((a, p) => a + p.lineMinor, 0);
  const net = labour + partsMinor;
  return {
    partnerName: 'Nordic Service AS',
    partnerContact: {
      phone: '+47 22 33 44 55',
      email: 'service@nordic.example.com',
      address: 'Alnabruveien 15, 0668 Oslo',
      website: 'https://nordic.example.com',
    },
    orderNumber: 'SO-2026-000123',
    title: 'Sauna heater, element failure',
    customer: {
      name: 'Åse Ødegård',
      email: 'ase@example.net',
      phone: '+47 912 00 001',
      address: 'Storgata 1, Oslo',
    },
    serialNumber: 'SN-2026-42',
    completionNotes: 'Byttet varmeelement og kontrollert isolasjon. '.repeat(6),
    checkpoints: [
      { group: 'measurements', key: 'heaterElement', answer: 'working_condition', details: null },
      { group: 'components', key: 'catalyst', answer: 'needs_attention', details: 'Sotet' },
    ],
    parts,
    workLogs,
    vatRate: 0.25,
    totals: [
      {
        currency: 'NOK',
        labourMinor: labour,
        partsMinor,
        netMinor: net,
        vatMinor: net / 4,
        grossMinor: net * 1.25,
      },
    ],
    photoCount: 8,
    timeZone: 'Europe/Oslo',
  };
}

export async function runServiceReportBench(log: (line: string) => void = console.log) {
  const recorder = resultRecorder('service-report');
  const photos = await Promise.all(Array.from({ length: 8 }, (_, i) => photo(i + 1)));
  const signature = await sharp({ create: { width: 600, height: 200, channels: 4, background: '#ffffff00' } })
    .png()
    .toBuffer();
  const c = content();
  // The partner's logo as the identity settings store it (a PNG of at most 512 px).
  const logo = await sharp({ create: { width: 480, height: 160, channels: 4, background: '#1c5fa8' } })
    .png()
    .toBuffer();
  const build = () =>
    buildReportPdf({
      content: c,
      language: 'nb',
      logo,
      photos: (async function* () {
        for (const p of photos) yield p;
      })(),
      signerName: 'Åse Ødegård',
      signature: { kind: 'drawn', png: signature },
      events: [
        { kind: 'created', at: new Date().toISOString() },
        { kind: 'signed', at: new Date().toISOString() },
      ],
    });
  let pages = 0;
  for (let i = 0; i < 3; i++) {
    const { bytes } = await build();
    pages = (await extractText(new Uint8Array(bytes))).totalPages;
  }
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const ms: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    bytes = (await build()).bytes.length;
    ms.push(performance.now() - t0);
  }
  clearInterval(timer);
  ms.sort((a, b) => a - b);
  const p = (q: number) => round(ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)] ?? 0, 0);
  const result = {
    pages,
    photos: 8,
    pdfKb: round(bytes / 1024, 0),
    p50Ms: p(0.5),
    p95Ms: p(0.95),
    rssGrowthMb: round((peak - base) / MB),
    targets: TARGETS,
  };
  log(
    `service report: ${pages} pages, 8 photos, ${result.pdfKb} KB; p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms (target < ${TARGETS.p95Ms}); RSS growth ${result.rssGrowthMb} MB (target < ${TARGETS.rssGrowthMb})`,
  );
  recorder.write(result);
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) await runServiceReportBench();
