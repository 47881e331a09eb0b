/**
 * Reads a code from a camera frame (issue 28 §3). The browser's own BarcodeDetector is used where
 * it exists and knows our formats; otherwise ZXing-C++ compiled to WebAssembly, loaded on first use
 * from our own server: the .wasm file is emitted by Vite as an asset and `locateFile` points at it,
 * so the library never fetches it from its default CDN (decision 066).
 */

/** BarcodeDetector's names of the formats the field service reads. */
export const SCAN_FORMATS = ['qr_code', 'code_128', 'data_matrix', 'ean_13'] as const;
/** The same formats in ZXing's names. */
const ZXING_FORMATS = ['QRCode', 'Code128', 'DataMatrix', 'EAN13'] as const;

export interface CodeReader {
  /** The text of the first code seen in the frame, or null. */
  read(video: HTMLVideoElement): Promise<string | null>;
}

interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorCtor {
  new (options: { formats: readonly string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

async function nativeReader(): Promise<CodeReader | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;
  if (Detector === undefined) return null;
  const supported = (await Detector.getSupportedFormats?.().catch(() => [])) ?? [];
  if (!SCAN_FORMATS.every((f) => supported.includes(f))) return null;
  const detector = new Detector({ formats: SCAN_FORMATS });
  return {
    async read(video) {
      const [found] = await detector.detect(video);
      return found?.rawValue ? found.rawValue : null;
    },
  };
}

async function wasmReader(): Promise<CodeReader> {
  const [{ prepareZXingModule, readBarcodes }, { default: wasmUrl }] = await Promise.all([
    import('zxing-wasm/reader'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
    fireImmediately: true,
  });
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return {
    async read(video) {
      if (context === null || video.videoWidth === 0) return null;
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      context.drawImage(video, 0, 0);
      const frame = context.getImageData(0, 0, canvas.width, canvas.height);
      const [found] = await readBarcodes(frame, {
        formats: [...ZXING_FORMATS],
        tryHarder: true,
        maxNumberOfSymbols: 1,
      });
      return found?.isValid && found.text ? found.text : null;
    },
  };
}

/** The best reader this browser has; the wasm one loads only when the native one is missing. */
export async function loadCodeReader(): Promise<CodeReader> {
  return (await nativeReader().catch(() => null)) ?? wasmReader();
}
