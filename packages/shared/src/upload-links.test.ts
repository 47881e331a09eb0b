import { describe, expect, it } from 'vitest';
import { fitsTotal, IMAGE_LIMITS, precheckImage } from './images.ts';
import { customerProgress, customerStageOf, languageForPhone } from './upload-links.ts';

describe('customer words for order status', () => {
  it('maps every status as product.md says', () => {
    expect(customerStageOf('created')).toBe('received');
    expect(customerStageOf('in_progress')).toBe('in_repair');
    expect(customerStageOf('on_hold')).toBe('in_repair');
    expect(customerStageOf('waiting_for_parts')).toBe('waiting_for_parts');
    expect(customerStageOf('cancelled')).toBe('cancelled');
  });

  it('dates each stage by its last entry and clears stages after the current one', () => {
    const steps = customerProgress(
      [
        { toStatus: 'created', changedAt: '2026-01-01T10:00:00.000Z' },
        { toStatus: 'in_progress', changedAt: '2026-01-02T10:00:00.000Z' },
        { toStatus: 'ready_for_pickup', changedAt: '2026-01-03T10:00:00.000Z' },
        { toStatus: 'in_progress', changedAt: '2026-01-04T10:00:00.000Z' },
      ],
      'in_progress',
    );
    expect(steps).toEqual([
      { stage: 'received', reachedAt: '2026-01-01T10:00:00.000Z' },
      { stage: 'scheduled', reachedAt: null },
      { stage: 'in_repair', reachedAt: '2026-01-04T10:00:00.000Z' },
      { stage: 'waiting_for_parts', reachedAt: null },
      { stage: 'ready_for_pickup', reachedAt: null },
      { stage: 'completed', reachedAt: null },
    ]);
  });

  it('a cancelled order shows received, then cancelled', () => {
    const steps = customerProgress(
      [
        { toStatus: 'created', changedAt: '2026-01-01T10:00:00.000Z' },
        { toStatus: 'cancelled', changedAt: '2026-01-02T10:00:00.000Z' },
      ],
      'cancelled',
    );
    expect(steps.map((s) => s.stage)).toEqual(['received', 'cancelled']);
  });
});

describe('the browser-side image check', () => {
  it('uses the spec messages for size and type', () => {
    expect(precheckImage({ name: 'a.jpg', type: 'image/jpeg', size: IMAGE_LIMITS.imageMaxBytes })).toEqual({
      ok: true,
    });
    expect(
      precheckImage({ name: 'a.jpg', type: 'image/jpeg', size: IMAGE_LIMITS.imageMaxBytes + 1 }),
    ).toEqual({
      ok: false,
      message: 'File is too large',
    });
    expect(precheckImage({ name: 'a.pdf', type: 'application/pdf', size: 10 })).toEqual({
      ok: false,
      message: 'Invalid file type',
    });
    expect(precheckImage({ name: 'IMG_1.HEIC', type: '', size: 10 })).toEqual({ ok: true });
  });

  it('keeps the total within 50 MB', () => {
    const mb = 1024 * 1024;
    expect(fitsTotal([10 * mb, 10 * mb, 10 * mb, 10 * mb, 10 * mb])).toBe(true);
    expect(fitsTotal([10 * mb, 10 * mb, 10 * mb, 10 * mb, 10 * mb, 1])).toBe(false);
  });
});

describe('the language of a link message', () => {
  it('follows the phone number’s country code', () => {
    expect(languageForPhone('+47 912 34 567')).toBe('nb');
    expect(languageForPhone('912 34 567')).toBe('nb');
    expect(languageForPhone('+34 600 123 456')).toBe('es');
    expect(languageForPhone('+44 20 7946 0958')).toBe('en');
  });
});
