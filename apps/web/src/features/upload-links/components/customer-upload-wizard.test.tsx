import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, problem } from '../../../../test/http.ts';
import { renderApp } from '../../../../test/render.tsx';

beforeAll(async () => {
  await import('../../../app/routes/customer-upload.tsx');
});

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz012345';
const info = {
  orderNumber: 'SO-2026-000042',
  product: 'Heater element failure',
  stage: 'in_repair',
  expiresAt: '2026-11-25T12:00:00.000Z',
  bytesRemaining: 50 * 1024 * 1024,
  partner: {
    name: 'Nordic Service AS',
    phone: '+47 22 33 44 55',
    email: 'service@nordic.example.com',
    address: 'Alnabruveien 15, 0668 Oslo',
    website: 'https://nordic.example.com',
    logoUrl: '/api/partner-logos/00000000-0000-4000-8000-0000000000aa/logo.png',
  },
};

function jpeg(name: string, size = 2000) {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff]);
  return new File([bytes], name, { type: 'image/jpeg' });
}

describe('customer upload wizard', { timeout: 20_000 }, () => {
  it("carries the partner's logo, name and contact: tap to call, tap to e-mail", async () => {
    mockApi({ [`GET /api/customer-upload/${TOKEN}`]: { status: 200, body: info } });
    const { user } = renderApp(`/customer-upload/${TOKEN}`, { width: 375 });
    const logo = await screen.findByRole('img', { name: 'Logo of Nordic Service AS' });
    expect(logo).toHaveAttribute('src', info.partner.logoUrl);
    expect(screen.getByText('Service by Nordic Service AS')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call +47 22 33 44 55' })).toHaveAttribute(
      'href',
      'tel:+4722334455',
    );
    expect(screen.getByRole('link', { name: 'E-mail service@nordic.example.com' })).toHaveAttribute(
      'href',
      'mailto:service@nordic.example.com',
    );
    expect(screen.getByRole('link', { name: 'nordic.example.com' })).toHaveAttribute(
      'href',
      'https://nordic.example.com',
    );
    // Every step behind the link carries it.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Verification' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call +47 22 33 44 55' })).toBeInTheDocument();
  });

  it('shows the name alone when the partner has no logo or contact', async () => {
    mockApi({
      [`GET /api/customer-upload/${TOKEN}`]: {
        status: 200,
        body: {
          ...info,
          partner: { ...info.partner, logoUrl: null, phone: null, email: null, address: null, website: null },
        },
      },
    });
    renderApp(`/customer-upload/${TOKEN}`, { width: 375 });
    expect(await screen.findByText('Nordic Service AS')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Call/ })).not.toBeInTheDocument();
  });

  it('goes from Service Information through Verification to Upload Complete', async () => {
    const { calls } = mockApi({
      [`GET /api/customer-upload/${TOKEN}`]: { status: 200, body: info },
      [`POST /api/customer-upload/${TOKEN}/verify`]: (req) =>
        (req.body as { serialNumber: string }).serialNumber === 'SN-1'
          ? { status: 200, body: { session: 'sess', expiresAt: info.expiresAt } }
          : { status: 422, body: problem(422, 'validation_failed') },
      [`POST /api/customer-upload/${TOKEN}/images`]: {
        status: 201,
        body: {
          images: [{ id: '00000000-0000-4000-8000-000000000001', category: 'other', description: null }],
          bytesRemaining: 1,
        },
      },
    });
    const { user } = renderApp(`/customer-upload/${TOKEN}`, { width: 375 });

    expect(await screen.findByRole('heading', { name: 'Service Information' })).toBeInTheDocument();
    expect(screen.getByText('SO-2026-000042')).toBeInTheDocument();
    expect(screen.getByText('In repair')).toBeInTheDocument();
    // The order's title is labelled as what it is (issue 31: it said "Product").
    expect(screen.getByRole('columnheader', { name: 'Order' })).toBeInTheDocument();
    expect(screen.queryByText('Product')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Verification' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Please fill in both phone number and serial number')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Phone number/ }), '+47 912 34 567');
    await user.type(screen.getByRole('textbox', { name: /Serial number/ }), 'WRONG');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('The phone number and serial number do not match this order.'),
    ).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: /Serial number/ }));
    await user.type(screen.getByRole('textbox', { name: /Serial number/ }), 'SN-1');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: 'Upload Service Images' })).toBeInTheDocument();
    const input = screen.getByTestId('image-file-input');
    // A PDF renamed .jpg is refused when picked, by its first bytes, with no preview (issue 31).
    const renamed = new File(['%PDF-1.7 not a photo'], 'renamed.jpg', { type: 'image/jpeg' });
    await user.upload(input, [jpeg('a.jpg'), jpeg('big.jpg', 10 * 1024 * 1024 + 1), renamed]);
    expect(await screen.findByText('big.jpg: File is too large')).toBeInTheDocument();
    expect(screen.getByText('renamed.jpg: Invalid file type')).toBeInTheDocument();
    expect(screen.getByText('a.jpg')).toBeInTheDocument();
    expect(screen.getAllByRole('img').filter((i) => i.getAttribute('alt')?.includes('renamed'))).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByRole('heading', { name: 'Upload Complete' })).toBeInTheDocument();
    expect(within(screen.getByRole('status')).getByText('Upload successful')).toBeInTheDocument();
    expect(screen.getByText('We received 1 photo. Thank you!')).toBeInTheDocument();
    const upload = calls.find((c) => c.url.endsWith('/images'))!;
    expect(upload.headers.get('x-upload-session')).toBe('sess');
    const form = upload.body as FormData;
    expect(form.getAll('categories')).toEqual(['problem_area']);
    expect((form.get('files') as File).name).toBe('a.jpg');
  });

  it('an unknown or expired token shows "Invalid Upload Link"', async () => {
    mockApi({
      [`GET /api/customer-upload/${TOKEN}`]: {
        status: 404,
        body: problem(404, 'invalid_upload_link', 'Invalid Upload Link.'),
      },
    });
    renderApp(`/customer-upload/${TOKEN}`, { width: 375 });
    expect(await screen.findByRole('heading', { name: 'Invalid Upload Link.' })).toBeInTheDocument();
  });

  it('without a token asks for phone number and serial number', async () => {
    mockApi({
      'POST /api/customer-upload/lookup': { status: 404, body: problem(404, 'not_found') },
    });
    const { user } = renderApp('/customer-upload', { width: 375 });
    await user.click(await screen.findByRole('button', { name: 'Find my order' }));
    expect(await screen.findByText('Please fill in both phone number and serial number')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Phone number/ }), '91234567');
    await user.type(screen.getByRole('textbox', { name: /Serial number/ }), 'SN-9');
    await user.click(screen.getByRole('button', { name: 'Find my order' }));
    expect(
      await screen.findByText(
        'We could not find an open service order with this phone number and serial number.',
      ),
    ).toBeInTheDocument();
  });
  it('a link cut short in an SMS shows "Invalid Upload Link." and finds the order by phone and serial number', async () => {
    const short = TOKEN.slice(0, 12);
    const { calls, user, router } = (() => {
      const api = mockApi({
        'POST /api/customer-upload/lookup': {
          status: 200,
          body: { token: TOKEN, session: 'sess', expiresAt: '2026-11-25T12:00:00.000Z' },
        },
        [`GET /api/customer-upload/${TOKEN}`]: { status: 200, body: info },
      });
      return { ...api, ...renderApp(`/customer-upload/${short}`, { width: 375 }) };
    })();
    expect(await screen.findByRole('heading', { name: 'Invalid Upload Link.' })).toBeInTheDocument();
    expect(screen.queryByText('Upload failed. Please try again.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    // The broken token is never sent.
    expect(calls.some((call) => call.url.includes(short))).toBe(false);
    await user.type(screen.getByRole('textbox', { name: /Phone number/ }), '91234567');
    await user.type(screen.getByRole('textbox', { name: /Serial number/ }), 'SN-1');
    await user.click(screen.getByRole('button', { name: 'Find my order' }));
    expect(await screen.findByRole('heading', { name: 'Service Information' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/customer-upload/${TOKEN}`);
  });

  it('says why a lookup is refused by its problem code, not its status', async () => {
    mockApi({
      'POST /api/customer-upload/lookup': { status: 429, body: problem(429, 'rate_limited') },
    });
    const { user } = renderApp('/customer-upload', { width: 375 });
    await user.type(await screen.findByRole('textbox', { name: /Phone number/ }), '91234567');
    await user.type(screen.getByRole('textbox', { name: /Serial number/ }), 'SN-9');
    await user.click(screen.getByRole('button', { name: 'Find my order' }));
    expect(await screen.findByText('Too many attempts. Please try again later.')).toBeInTheDocument();
  });
});
