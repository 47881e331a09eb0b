import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Image } from '@service-portal/shared/images';
import { ORDER_ID } from '../../../../test/fixtures.ts';
import { mockApi } from '../../../../test/http.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { ImageGallery } from './image-gallery.tsx';

function image(n: number, overrides: Partial<Image> = {}): Image {
  const id = `00000000-0000-4000-8000-00000000000${n}`;
  return {
    id,
    serviceOrderId: ORDER_ID,
    rentalId: null,
    category: 'problem_area',
    moment: null,
    description: null,
    source: 'customer',
    uploadedBy: null,
    originalType: 'image/jpeg',
    originalName: `photo-${n}.jpg`,
    originalBytes: 1234,
    width: 100,
    height: 80,
    createdAt: '2026-11-20T10:00:00.000Z',
    thumbnailUrl: `/api/images/${id}/thumbnail?exp=1&sig=x`,
    displayUrl: `/api/images/${id}/display?exp=1&sig=x`,
    originalUrl: `/api/images/${id}/original?exp=1&sig=x`,
    ...overrides,
  };
}

const photos = [
  image(1, { description: 'Leak by the fan' }),
  image(2, {
    category: 'serial_number',
    source: 'staff',
    moment: 'intake',
    uploadedBy: { id: '00000000-0000-4000-8000-0000000000aa', name: 'Tor Teknikk' },
  }),
];

describe('image gallery', { timeout: 20_000 }, () => {
  it('shows thumbnails, filters by category, opens the viewer and deletes after confirmation', async () => {
    let list = photos;
    const { calls } = mockApi({
      [`GET /api/service-orders/${ORDER_ID}/images`]: () => ({ status: 200, body: list }),
      [`DELETE /api/images/${photos[0]!.id}`]: () => {
        list = photos.slice(1);
        return { status: 204 };
      },
    });
    const { user } = renderWithProviders(<ImageGallery orderId={ORDER_ID} />);
    expect(await screen.findByRole('button', { name: 'Open photo 1: Problem area' })).toBeInTheDocument();
    expect(screen.getByText('2 photos')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Serial number' }));
    expect(screen.queryByRole('button', { name: /Problem area/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open photo 1: Serial number' }));
    expect(
      // 10:00Z on the partner's clock (Europe/Oslo, decision 029), whatever the machine's zone.
      await screen.findByText('Uploaded by Tor Teknikk, Nov 20, 2026 11:00 AM', { exact: false }),
    ).toBeInTheDocument();
    expect(screen.getByText('Intake')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download original' })).toHaveAttribute(
      'href',
      photos[1]!.originalUrl,
    );
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'All categories' }));
    await user.click(screen.getByRole('button', { name: 'Open photo 1: Problem area' }));
    expect(await screen.findByText('Leak by the fan')).toBeInTheDocument();
    expect(screen.getByText(/Uploaded by the customer/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete photo' }));
    expect(screen.getByText('Delete this photo? This cannot be undone.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete photo' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('1 photo')).toBeInTheDocument();
  });

  it('says so when there are no photos', async () => {
    mockApi({ [`GET /api/service-orders/${ORDER_ID}/images`]: { status: 200, body: [] } });
    renderWithProviders(<ImageGallery orderId={ORDER_ID} />);
    expect(await screen.findByText('No photos yet.')).toBeInTheDocument();
  });
});
