import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Communication } from '@service-portal/shared/communications';
import { ORDER_ID, serviceOrder } from '../../../../test/fixtures.ts';
import { mockApi, problem } from '../../../../test/http.ts';
import type { Handler } from '../../../../test/http.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { communication } from '../test/fixtures.ts';
import { ConversationPanel } from './conversation-panel.tsx';

const base = `/api/service-orders/${ORDER_ID}/communications`;

function start(
  list: Communication[] | (() => Communication[]),
  routes: Record<string, Handler> = {},
  width?: number,
) {
  if (width !== undefined) window.innerWidth = width;
  const api = mockApi({
    [`GET ${base}`]: () => ({ status: 200, body: typeof list === 'function' ? list() : list }),
    ...routes,
  });
  const view = renderWithProviders(
    <MemoryRouter>
      <ConversationPanel orderId={ORDER_ID} order={serviceOrder()} partnerName="Nordic Service AS" />
    </MemoryRouter>,
  );
  return { ...view, ...api };
}

const articles = async () =>
  within(await screen.findByRole('list', { name: 'Messages' })).getAllByRole('article');

describe('conversation panel', () => {
  it('shows messages in and out, newest last, with direction, read state and delivery status; internal notes apart', async () => {
    start([
      communication({ subject: 'Your order is ready', message: 'Come and get it', deliveryStatus: 'sent' }),
      communication({
        method: 'phone',
        direction: 'inbound',
        message: 'Customer asked about the price',
        customerResponse: 'Accepts the quote',
        deliveryStatus: 'logged',
        status: 'read',
        readAt: '2026-03-02T11:00:00.000Z',
        toAddress: null,
      }),
      communication({
        method: 'in_person',
        isInternal: true,
        message: 'Check the warranty',
        deliveryStatus: 'logged',
      }),
    ]);
    const [email, call, note] = await articles();
    expect(email).toHaveTextContent('E-mail · Outbound · Mona Manager');
    expect(email).toHaveTextContent('Your order is ready');
    expect(within(email!).getByText('Sent', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(email).not.toHaveTextContent('Internal — not sent to the customer');
    expect(call).toHaveTextContent('Phone call · Inbound · Kari Nordmann');
    expect(call).toHaveTextContent('Read');
    expect(call).toHaveTextContent('Customer response: Accepts the quote');
    expect(note).toHaveTextContent('Internal note · Mona Manager');
    expect(note).toHaveTextContent('Internal — not sent to the customer');
    expect(note).toHaveAttribute('data-internal', 'true');
    expect(email).not.toHaveAttribute('data-internal');
  });

  it('looks again while a message is on its way, until it is sent', async () => {
    let status: Communication['deliveryStatus'] = 'pending';
    start(() => [communication({ subject: 'On its way', deliveryStatus: status })]);
    const [email] = await articles();
    expect(within(email!).getByText('Pending', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    status = 'sent';
    await waitFor(
      async () => {
        const [again] = await articles();
        expect(within(again!).getByText('Sent', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
      },
      { timeout: 5000 },
    );
  });

  it('hides an unread inbound message until opened; opening marks it read', async () => {
    let read = false;
    const inbound = communication({
      direction: 'inbound',
      status: 'unread',
      subject: 'Re: pickup',
      message: 'I will come on Friday',
      deliveryStatus: 'received',
      fromAddress: 'kari@example.no',
    });
    const { user, calls } = start(
      () => [read ? { ...inbound, status: 'read', readAt: '2026-03-04T11:00:00.000Z' } : inbound],
      {
        [`POST /api/communications/${inbound.id}/read`]: () => {
          read = true;
          return { status: 200, body: { ...inbound, status: 'read', orderNumber: 'SO-2026-000042' } };
        },
      },
    );
    const [message] = await articles();
    expect(message).toHaveTextContent('Unread');
    expect(message).toHaveTextContent('Re: pickup');
    expect(message).not.toHaveTextContent('I will come on Friday');
    expect(screen.getByText('1 unread')).toBeInTheDocument();

    await user.click(within(message!).getByRole('button', { name: 'Open message' }));
    expect(message).toHaveTextContent('I will come on Friday');
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith(`/${inbound.id}/read`))).toBe(true),
    );
    await waitFor(() => expect(screen.queryByText('1 unread')).not.toBeInTheDocument());
    expect((await articles())[0]).toHaveTextContent('Read');
  });

  it('shows why a delivery failed and sends it again with Retry', async () => {
    const failed = communication({
      method: 'sms',
      toAddress: '+4791234567',
      deliveryStatus: 'failed',
      deliveryError: 'Twilio: unreachable number',
      deliveryAttempts: 3,
    });
    let status: Communication['deliveryStatus'] = 'failed';
    const { user, calls } = start(() => [{ ...failed, deliveryStatus: status }], {
      [`POST ${base}/${failed.id}/retry`]: () => {
        status = 'sending';
        return { status: 202, body: { ...failed, deliveryStatus: 'sending', deliveryError: null } };
      },
    });
    const [sms] = await articles();
    expect(sms).toHaveTextContent('Failed');
    expect(sms).toHaveTextContent('Not delivered');
    expect(sms).toHaveTextContent('Twilio: unreachable number');

    await user.click(within(sms!).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls.filter((c) => c.url === `${base}/${failed.id}/retry`)).toHaveLength(1));
    await waitFor(async () => expect((await articles())[0]).toHaveTextContent('Sending'));
    expect(screen.queryByText('Twilio: unreachable number')).not.toBeInTheDocument();
  });

  it('tells when a retry is refused', async () => {
    const failed = communication({ deliveryStatus: 'failed', deliveryError: 'SMTP 550 mailbox unavailable' });
    const { user } = start([failed], {
      [`POST ${base}/${failed.id}/retry`]: { status: 409, body: problem(409, 'conflict', 'Already sending') },
    });
    const [mail] = await articles();
    await user.click(within(mail!).getByRole('button', { name: 'Retry' }));
    expect(
      await within(mail!).findByText('Could not retry sending (409: Already sending)'),
    ).toBeInTheDocument();
  });

  it('validates the compose form before sending', async () => {
    const { user, calls } = start([]);
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
    expect(screen.getByText('To: kari@example.no')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('An e-mail needs a subject')).toBeInTheDocument();
    expect(screen.getByText('Write a message')).toBeInTheDocument();

    // SMS: no subject, and at most 1600 characters.
    await user.click(screen.getByRole('radio', { name: 'SMS' }));
    expect(screen.queryByRole('textbox', { name: 'Subject' })).not.toBeInTheDocument();
    expect(screen.getByText('To: +47 912 34 567')).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Message' }));
    await user.paste('x'.repeat(1601));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('An SMS can be at most 1600 characters')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('fills subject and message from a template and sends the e-mail', async () => {
    const sent: unknown[] = [];
    const { user } = start([], {
      [`POST ${base}`]: (request) => {
        sent.push(request.body);
        return { status: 201, body: communication({ deliveryStatus: 'pending' }) };
      },
    });
    await user.click(await screen.findByRole('combobox', { name: 'Template' }));
    await user.click(await screen.findByRole('option', { name: 'Ready for pickup' }));

    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue(
      'Your order SO-2026-000042 is ready for pickup',
    );
    const message = screen.getByRole('textbox', { name: 'Message' });
    expect(message).toHaveValue(
      'Hello Kari Nordmann,\n\nYour order SO-2026-000042 is ready for pickup. Bring the order number when you come.\n\nBest regards,\nNordic Service AS',
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'email',
      subject: 'Your order SO-2026-000042 is ready for pickup',
      message: expect.stringContaining('ready for pickup') as string,
    });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue(''));
  });

  it('names the template variables it could not fill', async () => {
    const { user } = start([]);
    await user.click(await screen.findByRole('combobox', { name: 'Template' }));
    await user.click(await screen.findByRole('option', { name: 'Visit scheduled' }));
    expect(screen.getByText('Fill in before sending: {scheduledDate}')).toBeInTheDocument();
  });

  it('logs a phone call with direction, summary, customer response and time', async () => {
    const sent: Record<string, unknown>[] = [];
    const { user } = start([], {
      [`POST ${base}`]: (request) => {
        sent.push(request.body as Record<string, unknown>);
        return { status: 201, body: communication({ method: 'phone', deliveryStatus: 'logged' }) };
      },
    });
    await user.click(await screen.findByRole('radio', { name: 'Log a phone call' }));
    await user.click(screen.getByRole('radio', { name: 'Customer called' }));
    await user.type(screen.getByRole('textbox', { name: 'Summary' }), 'Asked when it is ready');
    await user.type(screen.getByRole('textbox', { name: 'Customer response' }), 'Will wait');
    await user.click(screen.getByRole('button', { name: 'Log call' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: 'phone',
      direction: 'inbound',
      message: 'Asked when it is ready',
      customerResponse: 'Will wait',
    });
    expect(new Date(sent[0]!.occurredAt as string).toString()).not.toBe('Invalid Date');
  });

  it('adds an internal note that is not sent', async () => {
    const sent: unknown[] = [];
    const { user } = start([], {
      [`POST ${base}`]: (request) => {
        sent.push(request.body);
        return { status: 201, body: communication({ isInternal: true }) };
      },
    });
    await user.click(await screen.findByRole('radio', { name: 'Internal note' }));
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Check warranty');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(sent).toEqual([{ method: 'in_person', message: 'Check warranty', isInternal: true }]),
    );
  });
  it('edits a logged call and enters delivery notes, which the entry then shows', async () => {
    let entry = communication({
      id: '00000000-0000-4000-8000-0000000000c1',
      method: 'phone',
      direction: 'outbound',
      message: 'Called about the part',
      deliveryStatus: 'logged',
      toAddress: null,
      version: 3,
    });
    const sent: unknown[] = [];
    const { user } = start(() => [entry], {
      [`PUT ${base}/00000000-0000-4000-8000-0000000000c1`]: (request) => {
        sent.push(request.body);
        entry = { ...entry, message: 'Called twice', deliveryNotes: 'Voicemail first', version: 4 };
        return { status: 200, body: entry };
      },
    });
    const [call] = await articles();
    await user.click(within(call!).getByRole('button', { name: 'Edit' }));
    const form = within(call!).getByRole('form', { name: 'Edit the entry' });
    const summary = within(form).getByRole('textbox', { name: 'Summary' });
    await user.clear(summary);
    await user.type(summary, 'Called twice');
    await user.type(within(form).getByRole('textbox', { name: /^Delivery notes/ }), 'Voicemail first');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      version: 3,
      direction: 'outbound',
      message: 'Called twice',
      customerResponse: '',
      deliveryNotes: 'Voicemail first',
    });
    await waitFor(async () => {
      const [again] = await articles();
      expect(again).toHaveTextContent('Delivery notes: Voicemail first');
      expect(again).toHaveTextContent('Called twice');
    });
    expect(screen.queryByRole('form', { name: 'Edit the entry' })).not.toBeInTheDocument();
  });

  it('offers only delivery notes and the response on a sent e-mail, and reports a stale version', async () => {
    const { user } = start(
      [
        communication({
          id: '00000000-0000-4000-8000-0000000000c2',
          subject: 'Ready',
          message: 'Come and get it',
          deliveryStatus: 'sent',
        }),
      ],
      {
        [`PUT ${base}/00000000-0000-4000-8000-0000000000c2`]: {
          status: 409,
          body: problem(409, 'version_conflict', 'Changed by someone else'),
        },
      },
    );
    const [email] = await articles();
    await user.click(within(email!).getByRole('button', { name: 'Edit' }));
    const form = within(email!).getByRole('form', { name: 'Edit the entry' });
    expect(within(form).queryByRole('textbox', { name: 'Summary' })).not.toBeInTheDocument();
    expect(within(form).getByText(/keeps its text/)).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /^Delivery notes/ }), 'Bounced once');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByRole('button', { name: 'Show the latest version' })).toBeInTheDocument();
  });
});
