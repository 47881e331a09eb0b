import { describe, expect, it } from 'vitest';
import type { ServiceOrder } from '@service-portal/shared/service-orders';
import {
  emptyFormValues,
  emptySparePartLine,
  wireOf,
  withSavedLineIds,
  type ServiceOrderFormValues,
} from './form-values.ts';

const ID_A = '11111111-1111-4111-8111-111111111111';
const ID_B = '22222222-2222-4222-8222-222222222222';

function valuesWith(lines: ServiceOrderFormValues['spareParts']): ServiceOrderFormValues {
  return { ...emptyFormValues(), spareParts: lines };
}
const line = (partNumber: string, id?: string) => ({
  ...emptySparePartLine('NOK'),
  partNumber,
  partName: partNumber,
  unitCost: '1',
  ...(id ? { id } : {}),
});
const saved = (...parts: [id: string, partNumber: string][]) =>
  ({ spareParts: parts.map(([id, partNumber]) => ({ id, partNumber })) }) as Pick<ServiceOrder, 'spareParts'>;

describe('spare-part lines on the wire', () => {
  it('sends the id of a saved line and none for a new one', () => {
    const wire = wireOf(valuesWith([line('A', ID_A), line('B')]), 'en');
    expect(wire.spareParts.map((l) => ('id' in l ? l.id : undefined))).toEqual([ID_A, undefined]);
  });

  it('takes the ids the server gave the lines a save added, matched by key', () => {
    const sent = valuesWith([line('A', ID_A), line('B')]);
    // A line typed while the save was out stays new.
    const live = valuesWith([...sent.spareParts, line('C')]);
    const adopted = withSavedLineIds(live, sent, saved([ID_A, 'A'], [ID_B, 'B']));
    expect(adopted.spareParts.map((l) => l.id)).toEqual([ID_A, ID_B, undefined]);
    expect(adopted.spareParts.map((l) => l.key)).toEqual(live.spareParts.map((l) => l.key));
    // Nothing to adopt: the same object.
    expect(withSavedLineIds(adopted, sent, saved([ID_A, 'A'], [ID_B, 'B']))).toBe(adopted);
  });
});
