import { describe, expect, it } from 'vitest';
import {
  COMMUNICATION_LIMITS,
  COMMUNICATION_MESSAGES,
  communicationCreateSchema,
  communicationSchema,
  communicationUpdateSchema,
  readStatusOf,
  renderTemplate,
  TEMPLATE_IDS,
  TEMPLATES,
} from './communications.ts';

const issues = (input: unknown) => {
  const r = communicationCreateSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('communicationCreateSchema', () => {
  it('takes an e-mail with a subject, trimming and defaulting', () => {
    const v = communicationCreateSchema.parse({ method: 'email', subject: ' Ready ', message: ' Come by ' });
    expect(v).toMatchObject({
      method: 'email',
      subject: 'Ready',
      message: 'Come by',
      isInternal: false,
      deliveryNotes: null,
      customerResponse: null,
    });
    expect(v.direction).toBeUndefined();
  });

  it('wants a subject on an e-mail that is sent, not on an internal one or an SMS', () => {
    expect(issues({ method: 'email', message: 'x' })).toEqual([
      `subject: ${COMMUNICATION_MESSAGES.subjectRequired}`,
    ]);
    expect(issues({ method: 'email', message: 'x', isInternal: true })).toEqual([]);
    expect(issues({ method: 'sms', message: 'x' })).toEqual([]);
  });

  it('keeps an SMS within what the provider joins', () => {
    const long = 'a'.repeat(COMMUNICATION_LIMITS.smsMax + 1);
    expect(issues({ method: 'sms', message: long })).toEqual([
      `message: ${COMMUNICATION_MESSAGES.smsTooLong}`,
    ]);
    expect(issues({ method: 'sms', message: 'a'.repeat(COMMUNICATION_LIMITS.smsMax) })).toEqual([]);
  });

  it('lets logs be inbound and dated; a sent message is neither', () => {
    expect(
      issues({
        method: 'phone',
        message: 'Customer called',
        direction: 'inbound',
        occurredAt: '2026-01-05T10:00:00Z',
      }),
    ).toEqual([]);
    expect(issues({ method: 'in_person', message: 'At the counter', direction: 'outbound' })).toEqual([]);
    expect(issues({ method: 'email', subject: 's', message: 'x', direction: 'inbound' })).toEqual([
      `direction: ${COMMUNICATION_MESSAGES.inboundOnlyForLogs}`,
    ]);
    expect(issues({ method: 'sms', message: 'x', occurredAt: '2026-01-05T10:00:00Z' })).toEqual([
      `occurredAt: ${COMMUNICATION_MESSAGES.occurredAtOnlyForLogs}`,
    ]);
    // An internal e-mail note is a log: it may carry its own time.
    expect(
      issues({ method: 'email', message: 'x', isInternal: true, occurredAt: '2026-01-05T10:00:00+01:00' }),
    ).toEqual([]);
  });

  it('refuses unknown methods, blank messages and bad times', () => {
    expect(issues({ method: 'fax', message: 'x' })).toHaveLength(1);
    expect(issues({ method: 'phone', message: '   ' })).toHaveLength(1);
    expect(issues({ method: 'phone', message: 'x', occurredAt: 'yesterday' })).toHaveLength(1);
  });
});

describe('communicationUpdateSchema', () => {
  it('leaves absent fields undefined and clears with empty text', () => {
    const v = communicationUpdateSchema.parse({
      version: 2,
      deliveryNotes: '',
      customerResponse: 'Yes, Friday',
    });
    expect(v).toEqual({ version: 2, deliveryNotes: null, customerResponse: 'Yes, Friday' });
    expect(communicationUpdateSchema.safeParse({ message: 'x' }).success).toBe(false);
  });
});

describe('templates', () => {
  it('fills every placeholder it has a value for', () => {
    const r = renderTemplate('ready_for_pickup', {
      orderNumber: 'SO-2026-000123',
      customerName: 'Ingrid Johansen',
      partnerName: 'Nordic Service AS',
    });
    expect(r.subject).toBe('Your order SO-2026-000123 is ready for pickup');
    expect(r.message).toContain('Hello Ingrid Johansen,');
    expect(r.message).toContain('Nordic Service AS');
    expect(r.missing).toEqual([]);
  });

  it('keeps and names what is missing', () => {
    const r = renderTemplate('scheduled', { orderNumber: 'SO-2026-000001', scheduledDate: '  ' });
    expect(r.message).toContain('{scheduledDate}');
    expect(r.missing).toEqual(['customerName', 'scheduledDate', 'partnerName']);
  });

  it('has a subject and a text using only known variables for every template', () => {
    for (const id of TEMPLATE_IDS) {
      const all = renderTemplate(id, {
        orderNumber: 'N',
        customerName: 'C',
        scheduledDate: 'D',
        partnerName: 'P',
      });
      expect(all.missing).toEqual([]);
      expect(`${all.subject}${all.message}`).not.toMatch(/\{[A-Za-z]+\}/);
      expect(TEMPLATES[id].subject).toContain('{orderNumber}');
    }
  });
});

describe('responses', () => {
  it('derives read status from readAt', () => {
    expect(readStatusOf(null)).toBe('unread');
    expect(readStatusOf('2026-01-01T00:00:00.000Z')).toBe('read');
  });

  it('encodes a stored communication as it is', () => {
    const row = {
      id: '00000000-0000-4000-8000-000000000001',
      serviceOrderId: null,
      customerId: null,
      customerName: null,
      subject: null,
      message: 'Hi',
      deliveryNotes: null,
      method: 'sms',
      direction: 'inbound',
      isInternal: false,
      status: 'unread',
      readAt: null,
      createdBy: null,
      createdByName: null,
      customerResponse: null,
      fromAddress: '+4791234567',
      toAddress: '+4759440000',
      deliveryStatus: 'received',
      deliveryError: null,
      deliveryAttempts: 0,
      occurredAt: '2026-01-01T00:00:00.000Z',
      sentAt: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      version: 1,
    };
    expect(communicationSchema.encode(communicationSchema.parse(row))).toEqual(row);
  });
});
