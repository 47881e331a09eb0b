import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PartnerIdentity } from '@service-portal/shared/partner-identity';
import { mockApi, problem } from '../../../../test/http.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { PartnerIdentityCard } from './partner-identity-card.tsx';

const LOGO_URL = '/api/partner-logos/00000000-0000-4000-8000-0000000000aa/logo.png';
const base: PartnerIdentity = {
  name: 'Nordic Service AS',
  phone: null,
  email: null,
  address: null,
  website: null,
  logo: null,
  updatedAt: null,
};
const withLogo: PartnerIdentity = {
  ...base,
  logo: { url: LOGO_URL, width: 480, height: 160, bytes: 4000, contentType: 'image/png' },
  updatedAt: '2026-11-27T08:00:00.000Z',
};

const pngFile = (name = 'logo.png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], name, {
    type: 'image/png',
  });
const svgFile = () =>
  new File(['<svg xmlns="http://www.w3.org/2000/svg"></svg>'], 'logo.png', { type: 'image/png' });

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

describe("the partner's identity card", () => {
  it('shows the name instead of a logo, then uploads one and shows it', async () => {
    const { calls } = mockApi({
      'GET /api/partner-identity': { status: 200, body: base },
      'PUT /api/partner-identity/logo': { status: 200, body: withLogo },
    });
    const { user } = renderWithProviders(<PartnerIdentityCard />);
    expect(await screen.findByText('No logo yet: customers see your company name.')).toBeInTheDocument();
    await user.upload(fileInput(), pngFile());
    const logo = await screen.findByRole('img', { name: 'Logo of Nordic Service AS' });
    expect(logo).toHaveAttribute('src', LOGO_URL);
    const sent = calls.find((c) => c.method === 'PUT' && c.url === '/api/partner-identity/logo');
    expect((sent?.body as FormData).get('file')).toBeInstanceOf(File);
    expect(screen.getByRole('button', { name: 'Replace logo' })).toBeInTheDocument();
  });

  it('refuses an SVG named .png at once, without sending it', async () => {
    const { calls } = mockApi({ 'GET /api/partner-identity': { status: 200, body: base } });
    const { user } = renderWithProviders(<PartnerIdentityCard />);
    await screen.findByRole('button', { name: 'Upload logo' });
    await user.upload(fileInput(), svgFile());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Choose a PNG, JPEG or WebP image. SVG and other files are not accepted.',
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("says why the server refused a logo, in the reader's words", async () => {
    mockApi({
      'GET /api/partner-identity': { status: 200, body: base },
      'PUT /api/partner-identity/logo': { status: 413, body: problem(413, 'payload_too_large') },
    });
    const { user } = renderWithProviders(<PartnerIdentityCard />);
    await screen.findByRole('button', { name: 'Upload logo' });
    await user.upload(fileInput(), pngFile());
    expect(await screen.findByRole('alert')).toHaveTextContent('The logo is too large: at most 2 MB.');
  });

  it('removes the logo', async () => {
    const { calls } = mockApi({
      'GET /api/partner-identity': { status: 200, body: withLogo },
      'DELETE /api/partner-identity/logo': { status: 200, body: { ...withLogo, logo: null } },
    });
    const { user } = renderWithProviders(<PartnerIdentityCard />);
    await user.click(await screen.findByRole('button', { name: 'Remove logo' }));
    expect(await screen.findByText('No logo yet: customers see your company name.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('checks the contact details with the shared schema, then saves them', async () => {
    const { calls } = mockApi({
      'GET /api/partner-identity': { status: 200, body: base },
      'PUT /api/partner-identity': (req) => ({
        status: 200,
        body: { ...base, ...(req.body as object), updatedAt: '2026-11-27T08:00:00.000Z' },
      }),
    });
    const { user } = renderWithProviders(<PartnerIdentityCard />);
    const form = await screen.findByRole('form', { name: 'Contact details' });
    await user.type(within(form).getByLabelText('Phone'), 'call us');
    await user.type(within(form).getByLabelText('Website'), 'ftp://nordic');
    await user.click(within(form).getByRole('button', { name: 'Save contact details' }));
    expect(await within(form).findByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(within(form).getByText('Enter a web address starting with https://')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.clear(within(form).getByLabelText('Phone'));
    await user.type(within(form).getByLabelText('Phone'), '+47 22 33 44 55');
    await user.clear(within(form).getByLabelText('Website'));
    await user.type(within(form).getByLabelText('E-mail'), 'Service@Nordic.example.com');
    await user.click(within(form).getByRole('button', { name: 'Save contact details' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      phone: '+47 22 33 44 55',
      email: 'service@nordic.example.com',
      address: null,
      website: null,
    });
  });

  it('says so when the identity cannot be loaded, with a retry', async () => {
    mockApi({ 'GET /api/partner-identity': { status: 500, body: problem(500, 'internal_error') } });
    renderWithProviders(<PartnerIdentityCard />);
    expect(await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Failed to load data.', { exact: false })).toBeInTheDocument();
  });
});
