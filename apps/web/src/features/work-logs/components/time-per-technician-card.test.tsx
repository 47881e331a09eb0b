import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORDER_ID } from '../../../../test/fixtures.ts';
import { mockApi } from '../../../../test/http.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { TimePerTechnicianCard } from './time-per-technician-card.tsx';

const OLA = 'c1000000-0000-4000-8000-000000000001';

describe('time per technician card', () => {
  it("shows each technician's billable and non-billable hours, the unnamed row last", async () => {
    mockApi({
      [`GET /api/service-orders/${ORDER_ID}/time-per-technician`]: {
        status: 200,
        body: {
          items: [
            {
              technicianId: OLA,
              technicianName: 'Ola Nordmann',
              billableSeconds: 5400,
              nonBillableSeconds: 1800,
              logCount: 2,
            },
            {
              technicianId: null,
              technicianName: null,
              billableSeconds: 600,
              nonBillableSeconds: 0,
              logCount: 1,
            },
          ],
        },
      },
    });
    renderWithProviders(<TimePerTechnicianCard subject={{ orderId: ORDER_ID }} />);
    const ola = (await screen.findByText('Ola Nordmann')).closest('tr');
    expect(ola).toHaveTextContent('2 work logs');
    expect(ola).toHaveTextContent('1.50 h');
    expect(ola).toHaveTextContent('0.50 h');
    const rows = screen.getAllByRole('row');
    expect(rows.at(-1)).toHaveTextContent('No technician named');
    expect(rows.at(-1)).toHaveTextContent('1 work log');
    expect(rows.at(-1)).toHaveTextContent('0.17 h');
  });

  it("reads a technician's time over all orders, and says when there is none", async () => {
    mockApi({ [`GET /api/technicians/${OLA}/work-time`]: { status: 200, body: { items: [] } } });
    renderWithProviders(<TimePerTechnicianCard subject={{ technicianId: OLA }} />);
    expect(await screen.findByText('No time logged yet.')).toBeInTheDocument();
  });
});
