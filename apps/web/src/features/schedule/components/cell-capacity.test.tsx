import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAllTexts } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { CellCapacity } from './cell-capacity.tsx';

beforeAll(() => loadAllTexts());

const base = {
  date: '2026-11-23',
  off: false,
  offReason: null,
  availableMinutes: 480,
  bookedMinutes: 0,
  overbooked: false,
};

describe("a board cell's capacity", () => {
  it('shows booked against available hours', () => {
    renderWithProviders(<CellCapacity cell={{ ...base, bookedMinutes: 210 }} />);
    expect(screen.getByText('3.5 / 8 h booked')).toBeInTheDocument();
    expect(screen.queryByText(/Overbooked/)).not.toBeInTheDocument();
  });

  it('says overbooked in words, by how much, not by colour alone', () => {
    renderWithProviders(<CellCapacity cell={{ ...base, bookedMinutes: 570, overbooked: true }} />);
    expect(screen.getByText('9.5 / 8 h booked')).toBeInTheDocument();
    expect(screen.getByText('Overbooked by 1.5 h')).toBeInTheDocument();
  });

  it('shows a day off with its reason, and a day without hours', () => {
    const { unmount } = renderWithProviders(
      <CellCapacity cell={{ ...base, off: true, offReason: 'Course', availableMinutes: 0 }} />,
    );
    expect(screen.getByText('Off: Course')).toBeInTheDocument();
    expect(screen.queryByText(/booked/)).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<CellCapacity cell={{ ...base, availableMinutes: 0 }} />);
    expect(screen.getByText('Not working')).toBeInTheDocument();
  });

  it('marks work booked on a day off as overbooked', () => {
    renderWithProviders(
      <CellCapacity
        cell={{
          ...base,
          off: true,
          offReason: null,
          availableMinutes: 0,
          bookedMinutes: 60,
          overbooked: true,
        }}
      />,
    );
    expect(screen.getByText('Day off')).toBeInTheDocument();
    expect(screen.getByText('Overbooked by 1 h')).toBeInTheDocument();
  });
});
