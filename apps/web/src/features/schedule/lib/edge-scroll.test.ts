import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EDGE_SCROLL_DELAY_MS, useEdgeScroll } from './edge-scroll.ts';

// The board's scroller at x 100–500, y 100–400; the list beside it at x > 500.
function boardScroller(): HTMLDivElement {
  const element = document.createElement('div');
  element.getBoundingClientRect = () =>
    ({ left: 100, right: 500, top: 100, bottom: 400, width: 400, height: 300, x: 100, y: 100 }) as DOMRect;
  return element;
}

describe('useEdgeScroll', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setUp() {
    const scroller = { current: boardScroller() };
    const hook = renderHook(() => useEdgeScroll(scroller));
    return { scroller: scroller.current, hook };
  }

  it('does not scroll the board while a card carried in from the list crosses its edge', () => {
    const { scroller, hook } = setUp();
    act(() => hook.result.current.track({ x: 700, y: 200 }));
    act(() => hook.result.current.track({ x: 490, y: 200 }));
    expect(hook.result.current.canScroll(scroller)).toBe(false);
    act(() => {
      vi.advanceTimersByTime(EDGE_SCROLL_DELAY_MS - 1);
    });
    expect(hook.result.current.canScroll(scroller)).toBe(false);
  });

  it('scrolls once the pointer has been over the board for the pause', () => {
    const { scroller, hook } = setUp();
    act(() => hook.result.current.track({ x: 490, y: 200 }));
    const before = hook.result.current.canScroll;
    act(() => {
      vi.advanceTimersByTime(EDGE_SCROLL_DELAY_MS);
    });
    // A new function: dnd-kit asks again without the pointer having to move.
    expect(hook.result.current.canScroll).not.toBe(before);
    expect(hook.result.current.canScroll(scroller)).toBe(true);
    expect(hook.result.current.canScroll(document.createElement('div'))).toBe(false);
  });

  it('starts the pause again when the pointer leaves the board, and ends with the drag', () => {
    const { scroller, hook } = setUp();
    act(() => hook.result.current.track({ x: 300, y: 200 }));
    act(() => {
      vi.advanceTimersByTime(EDGE_SCROLL_DELAY_MS);
    });
    act(() => hook.result.current.track({ x: 700, y: 200 }));
    expect(hook.result.current.canScroll(scroller)).toBe(false);
    act(() => hook.result.current.track({ x: 490, y: 200 }));
    act(() => {
      vi.advanceTimersByTime(EDGE_SCROLL_DELAY_MS / 2);
    });
    expect(hook.result.current.canScroll(scroller)).toBe(false);
    act(() => {
      vi.advanceTimersByTime(EDGE_SCROLL_DELAY_MS / 2);
    });
    expect(hook.result.current.canScroll(scroller)).toBe(true);
    act(() => hook.result.current.stop());
    expect(hook.result.current.canScroll(scroller)).toBe(false);
  });

  it('never scrolls for the keyboard, which has no pointer', () => {
    const { scroller, hook } = setUp();
    act(() => hook.result.current.track(null));
    act(() => {
      vi.advanceTimersByTime(EDGE_SCROLL_DELAY_MS * 2);
    });
    expect(hook.result.current.canScroll(scroller)).toBe(false);
  });
});
