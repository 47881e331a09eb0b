import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { UploadLink } from '@service-portal/shared/upload-links';
import { ORDER_ID } from '../../../../test/fixtures.ts';
import { mockApi } from '../../../../test/http.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { UploadLinksPanel } from './upload-links-panel.tsx';

const link: UploadLink = {
  id: '00000000-0000-4000-8000-000000000011',
  serviceOrderId: ORDER_ID,
  createdAt: '2026-11-24T10:00:00.000Z',
  expiresAt: '2026-11-25T10:00:00.000Z',
  revokedAt: null,
  sentVia: 'sms',
  createdBy: { id: '00000000-0000-4000-8000-0000000000aa', name: 'Tor Teknikk' },
  bytesUsed: 0,
};

describe('upload links panel', { timeout: 20_000 }, () => {
  it('creates and sends a link, lists it, revokes it, and shows the rating', async () => {
    let active: UploadLink[] = [];
    const onSent = vi.fn();
    const { calls } = mockApi({
      [`GET /api/service-orders/${ORDER_ID}/upload-links`]: () => ({ status: 200, body: active }),
      [`POST /api/service-orders/${ORDER_ID}/upload-links`]: () => {
        active = [link];
        return {
          status: 201,
          body: { ...link, url: 'http://127.0.0.1:3000/customer-upload/abc', communicationId: null },
        };
      },
      [`DELETE /api/service-orders/${ORDER_ID}/upload-links/${link.id}`]: () => {
        active = [];
        return { status: 204 };
      },
      [`GET /api/service-orders/${ORDER_ID}/rating`]: {
        status: 200,
        body: { rating: 4, comment: 'Quick and friendly', createdAt: '2026-11-24T10:00:00.000Z' },
      },
    });
    const { user } = renderWithProviders(<UploadLinksPanel orderId={ORDER_ID} onSent={onSent} />);
    expect(await screen.findByText('No active links.')).toBeInTheDocument();
    expect(await screen.findByText('4 of 5')).toBeInTheDocument();
    expect(screen.getByText('Quick and friendly')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'E-mail' }));
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('The link was sent to the customer.')).toBeInTheDocument();
    expect(screen.getByDisplayValue('http://127.0.0.1:3000/customer-upload/abc')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ sendVia: 'email' });
    expect(onSent).toHaveBeenCalledWith(ORDER_ID);
    expect(await screen.findByText(/Created by Tor Teknikk/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('No active links.')).toBeInTheDocument();
  });
});
