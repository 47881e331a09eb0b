import type { Db } from '../../db/client.ts';
import type { TenantScope } from '../../db/tenant.ts';
import { notFound } from '../../errors.ts';
import type { CustomerRow, CustomersRepository, NewCustomer } from './customers.repository.ts';

/** The customer part of a service order, as the order form sends it. */
export interface OrderContact {
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
}

export interface CustomerRecord {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  notes: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/**
 * The digits a phone number is matched by. Norwegian numbers are kept national, so
 * "+47 912 34 567", "0047 91234567" and "912 34 567" are one number; other countries keep their code.
 */
export function phoneDigits(phone: string | null): string | null {
  if (!phone) return null;
  let digits = phone.replace(/\D/g, '');
  const international = phone.trim().startsWith('+') || digits.startsWith('00');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (international && digits.startsWith('47') && digits.length === 10) digits = digits.slice(2);
  return digits.length > 0 ? digits : null;
}

function toCustomer(row: CustomerRow): CustomerRecord {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export function createCustomersService(repo: CustomersRepository) {
  async function findMatch(scope: TenantScope, email: string, digits: string | null, tx: Db) {
    return (
      (await repo.findByEmail(scope, email, tx)) ??
      (digits ? await repo.findByPhoneDigits(scope, digits, tx) : null)
    );
  }

  return {
    async get(scope: TenantScope, id: string): Promise<CustomerRecord> {
      const row = await repo.get(scope, id);
      if (!row) throw notFound('Customer');
      return toCustomer(row);
    },

    /**
     * product.md: an order links to the partner's customer with the same e-mail (any case), else
     * the same phone number; otherwise a customer is created. Runs inside the order's transaction.
     */
    async findOrCreateForOrder(scope: TenantScope, contact: OrderContact, tx: Db): Promise<{ id: string }> {
      const digits = phoneDigits(contact.phone);
      let match = await findMatch(scope, contact.email, digits, tx);
      if (!match) {
        await repo.lockCreation(scope, tx);
        // Whoever held the lock before us may just have created this very customer.
        match = await findMatch(scope, contact.email, digits, tx);
      }
      if (!match) {
        const values: NewCustomer = {
          name: contact.name,
          email: contact.email,
          phone: contact.phone,
          phoneDigits: digits,
          address: contact.address,
        };
        return { id: (await repo.insert(scope, values, tx)).id };
      }
      const blanks: Partial<NewCustomer> = {};
      if (!match.email) blanks.email = contact.email;
      if (!match.phone && contact.phone) Object.assign(blanks, { phone: contact.phone, phoneDigits: digits });
      if (!match.address && contact.address) blanks.address = contact.address;
      await repo.fillBlanks(scope, match.id, blanks, tx);
      return { id: match.id };
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
