import { describe, expect, it } from 'vitest';
import { matchByContact, replyTokenIn, type ContactOrder } from './communications.inbound.ts';

const order = (
  id: string,
  partner: string,
  status: ContactOrder['status'],
  customer = 'c1',
): ContactOrder => ({
  id,
  servicePartnerId: partner,
  customerId: customer,
  customerName: `Name ${customer}`,
  status,
});

describe('matchByContact (rule 3: the sender’s only open order)', () => {
  it('files under the only open order, even beside closed ones and another partner’s closed ones', () => {
    expect(
      matchByContact([
        order('a', 'p1', 'in_progress'),
        order('b', 'p1', 'completed'),
        order('c', 'p2', 'cancelled'),
      ]),
    ).toEqual({
      kind: 'order',
      partnerId: 'p1',
      orderId: 'a',
      customerId: 'c1',
      customerName: 'Name c1',
      via: 'only_open_order',
    });
  });

  it('never picks between two open orders: unassigned with the partner', () => {
    expect(matchByContact([order('a', 'p1', 'created'), order('b', 'p1', 'waiting_for_parts')])).toEqual({
      kind: 'unassigned',
      partnerId: 'p1',
      customerId: 'c1',
      customerName: 'Name c1',
    });
  });

  it('keeps the customer only when there is exactly one', () => {
    expect(
      matchByContact([order('a', 'p1', 'created', 'c1'), order('b', 'p1', 'on_hold', 'c2')]),
    ).toMatchObject({
      kind: 'unassigned',
      customerId: null,
      customerName: null,
    });
  });

  it('with no open order, files nothing but keeps it with the one partner who knows the sender', () => {
    expect(matchByContact([order('a', 'p1', 'completed')])).toMatchObject({
      kind: 'unassigned',
      partnerId: 'p1',
    });
  });

  it('stores nothing when it cannot tell the partner, or nobody knows the sender', () => {
    expect(matchByContact([order('a', 'p1', 'created'), order('b', 'p2', 'scheduled')])).toEqual({
      kind: 'none',
    });
    expect(matchByContact([order('a', 'p1', 'completed'), order('b', 'p2', 'completed')])).toEqual({
      kind: 'none',
    });
    expect(matchByContact([])).toEqual({ kind: 'none' });
  });
});

describe('replyTokenIn', () => {
  const token = '0123456789abcdef0123456789abcdef01234567';
  const domain = 'inbound.example.com';

  it('finds the plus-token among the recipients, any case', () => {
    expect(replyTokenIn(`reply+${token}@${domain}`, domain)).toBe(token);
    expect(
      replyTokenIn(`post@example.com, "Us" <REPLY+${token.toUpperCase()}@Inbound.Example.com>`, domain),
    ).toBe(token);
  });

  it('ignores other domains, look-alike domains and malformed tokens', () => {
    expect(replyTokenIn(`reply+${token}@evil.example`, domain)).toBeNull();
    expect(replyTokenIn(`reply+${token}@${domain}.evil.example`, domain)).toBeNull();
    expect(replyTokenIn(`reply+${token}@xinbound.example.com`, domain)).toBeNull();
    expect(replyTokenIn(`reply+${token.slice(1)}@${domain}`, domain)).toBeNull();
    expect(replyTokenIn(`xreply+${token}@${domain}`, domain)).toBeNull();
    expect(replyTokenIn(undefined, domain)).toBeNull();
  });
});
