import { describe, expect, it } from 'vitest';
import { toggleOrderListColumn } from './service-order-views.ts';

describe('toggleOrderListColumn', () => {
  it('hides a shown column and shows a hidden one in the list order', () => {
    expect(toggleOrderListColumn(['orderNumber', 'title', 'status'], 'title')).toEqual([
      'orderNumber',
      'status',
    ]);
    expect(toggleOrderListColumn(['status', 'orderNumber'], 'title')).toEqual([
      'orderNumber',
      'title',
      'status',
    ]);
  });

  it('keeps the last shown column', () => {
    expect(toggleOrderListColumn(['title'], 'title')).toEqual(['title']);
  });
});
