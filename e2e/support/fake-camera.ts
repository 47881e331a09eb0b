import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';

const require = createRequire(import.meta.url);

/**
 * A video file for Chromium's fake camera (`--use-file-for-fake-video-capture`): a few frames of
 * raw YUV4MPEG2 (4:2:0) showing one Code 128 symbol of `text`, black on white, drawn large in the
 * middle of the picture. The symbol comes from zxing-wasm's own writer (the wasm binary read from
 * node_modules, nothing fetched); Chromium loops the file.
 */
export async function writeBarcodeVideo(file: string, text: string): Promise<void> {
  const wasm = readFileSync(require.resolve('zxing-wasm/writer/zxing_writer.wasm'));
  await prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
    fireImmediately: true,
  });
  const written = await writeBarcode(text, { format: 'Code128' });
  if (written.error) throw new Error(written.error);
  const { data, width: modules } = written.symbol;
  const W = 640;
  const H = 480;
  const scale = Math.floor((W - 80) / modules);
  const left = Math.floor((W - modules * scale) / 2);
  const top = 140;
  const height = 200;
  const luma = new Uint8Array(W * H).fill(235);
  for (let y = top; y < top + height; y += 1) {
    for (let x = 0; x < modules * scale; x += 1) {
      // One row of the symbol is the whole pattern of a linear code; 0 is a bar.
      if (data[Math.floor(x / scale)] === 0) luma[y * W + left + x] = 16;
    }
  }
  const chroma = new Uint8Array((W / 2) * (H / 2) * 2).fill(128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 5 }, () => frame)]));
}
