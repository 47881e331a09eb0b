import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n.ts';
import { SignaturePad } from './signature-pad.tsx';

// jsdom has no 2D canvas: a context that records the strokes stands in for the browser's.
const strokes: { from: [number, number]; to: [number, number] }[] = [];
beforeEach(() => {
  strokes.length = 0;
  let from: [number, number] = [0, 0];
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () =>
      ({
        beginPath() {},
        moveTo(x: number, y: number) {
          from = [x, y];
        },
        lineTo(x: number, y: number) {
          strokes.push({ from, to: [x, y] });
        },
        stroke() {},
        clearRect() {
          strokes.length = 0;
        },
      }) as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(
    () => `data:image/png;base64,iVBORw0KGgo${strokes.length}`,
  );
});
afterEach(() => vi.restoreAllMocks());

function renderPad() {
  const onChange = vi.fn<(png: string | null) => void>();
  render(
    <MantineProvider env="test">
      <SignaturePad onChange={onChange} width={300} height={100} />
    </MantineProvider>,
  );
  const pad = screen.getByTestId('signature-pad');
  vi.spyOn(pad, 'getBoundingClientRect').mockReturnValue({
    left: 0,
    top: 0,
    width: 150,
    height: 50,
    right: 150,
    bottom: 50,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
  return { pad, onChange };
}

describe('signature pad', () => {
  it('draws a touch stroke in canvas pixels and hands over the PNG when the finger lifts', () => {
    const { pad, onChange } = renderPad();
    fireEvent.pointerDown(pad, { pointerId: 1, pointerType: 'touch', clientX: 10, clientY: 10 });
    fireEvent.pointerMove(pad, { pointerId: 1, pointerType: 'touch', clientX: 20, clientY: 15 });
    fireEvent.pointerMove(pad, { pointerId: 1, pointerType: 'touch', clientX: 30, clientY: 20 });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.pointerUp(pad, { pointerId: 1, pointerType: 'touch', clientX: 30, clientY: 20 });
    // The canvas is shown at half its size: CSS pixels are scaled to the canvas's.
    expect(strokes).toEqual([
      { from: [20, 20], to: [40, 30] },
      { from: [40, 30], to: [60, 40] },
    ]);
    expect(onChange).toHaveBeenLastCalledWith('iVBORw0KGgo2');
  });

  it('ignores a mouse moving without a button, and clears', () => {
    const { pad, onChange } = renderPad();
    fireEvent.pointerMove(pad, { pointerId: 2, pointerType: 'mouse', clientX: 20, clientY: 15 });
    expect(strokes).toEqual([]);
    fireEvent.pointerDown(pad, { pointerId: 2, pointerType: 'mouse', clientX: 5, clientY: 5 });
    fireEvent.pointerMove(pad, { pointerId: 2, pointerType: 'mouse', clientX: 6, clientY: 6 });
    fireEvent.pointerUp(pad, { pointerId: 2, pointerType: 'mouse' });
    expect(onChange).toHaveBeenLastCalledWith('iVBORw0KGgo1');
    fireEvent.click(screen.getByRole('button', { name: /clear/i }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
