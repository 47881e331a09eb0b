import { describe, expect, it } from 'vitest';
import { sniffImageType } from './images.ts';

const bytes = (...list: (number | string)[]) =>
  new Uint8Array(list.flatMap((b) => (typeof b === 'string' ? [...b].map((c) => c.charCodeAt(0)) : [b])));

describe('sniffImageType (issue 31: a renamed non-image is refused when picked)', () => {
  it('knows JPEG, PNG and HEIC/HEIF by their first bytes', () => {
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffImageType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffImageType(bytes(0, 0, 0, 0x18, 'ftypheic', 0, 0))).toBe('image/heic');
    expect(sniffImageType(bytes(0, 0, 0, 0x18, 'ftypmif1'))).toBe('image/heic');
  });

  it('refuses anything else, whatever its name said', () => {
    expect(sniffImageType(bytes('%PDF-1.7'))).toBeNull();
    expect(sniffImageType(bytes(0, 0, 0, 0x18, 'ftypisom'))).toBeNull();
    expect(sniffImageType(bytes(0xff, 0xd8))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});
