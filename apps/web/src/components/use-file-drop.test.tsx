import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useFileDrop } from './use-file-drop.ts';

function Zone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const { rootProps, inputProps, isDragActive, open } = useFileDrop(onFiles);
  return (
    <div {...rootProps} data-testid="zone" data-active={isDragActive}>
      <input {...inputProps} data-testid="input" />
      <button type="button" onClick={open}>
        Choose
      </button>
    </div>
  );
}

const pdf = new File(['%PDF-1.7'], 'manual.pdf', { type: 'application/pdf' });

describe('useFileDrop', () => {
  it('shows a drag over the area, hands over dropped files, and ignores drags without files', () => {
    const onFiles = vi.fn();
    render(<Zone onFiles={onFiles} />);
    const zone = screen.getByTestId('zone');

    fireEvent.dragEnter(zone, { dataTransfer: { types: ['text/plain'], files: [] } });
    expect(zone).toHaveAttribute('data-active', 'false');

    fireEvent.dragEnter(zone, { dataTransfer: { types: ['Files'], files: [] } });
    expect(zone).toHaveAttribute('data-active', 'true');
    fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files: [pdf] } });
    expect(zone).toHaveAttribute('data-active', 'false');
    expect(onFiles).toHaveBeenCalledWith([pdf]);
  });

  it('hands over files chosen in the dialog, and the same file chosen again', () => {
    const onFiles = vi.fn();
    render(<Zone onFiles={onFiles} />);
    const input = screen.getByTestId<HTMLInputElement>('input');
    const click = vi.spyOn(input, 'click');
    fireEvent.click(screen.getByRole('button', { name: 'Choose' }));
    expect(click).toHaveBeenCalled();
    fireEvent.change(input, { target: { files: [pdf] } });
    expect(onFiles).toHaveBeenCalledWith([pdf]);
    expect(input.value).toBe('');
  });
});
