import {
  CUSTOMER_MERGE_FIELDS,
  CUSTOMER_MESSAGES,
  defaultMergeSide,
  differingMergeFields,
  type Customer,
  type CustomerDuplicatesQuery,
  type CustomerListQuery,
  type CustomerMergePreview,
  type CustomerReferenceKind,
  type CustomerSerialNumber,
  type customerInputSchema,
  type customerMergeSchema,
} from '@service-portal/shared/customers';
import type { SearchHit } from '@service-portal/shared/search';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { TenantScope } from '../../db/tenant.ts';
import { AppError, notFound } from '../../errors.ts';
import { storedDigitVariants, toE164 } from '../../integrations/sms/phone-numbers.ts';
import type {
  CustomerRow,
  CustomersRepository,
  CustomerWithStatsRow,
  NewCustomer,
} from './customers.repository.ts';

/** The customer part of a service order, as the order form sends it. */
export interface OrderContact {
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
}

type CustomerFields = z.output<typeof customerInputSchema>;

/**
 * Another feature's records that point at a customer and must follow it when it is merged away
 * (service orders, communications, rentals and bookings). They subscribe with `onMerge`: customers
 * depends on none of them, so they can depend on customers (docs/decisions/013-no-service-cycles.md).
 */
export interface CustomerReferences {
  kind: CustomerReferenceKind;
  /** The `table.column`s that reference customers and that `reassignCustomer` moves. */
  references: readonly string[];
  /** How many of its records reference customer `customerId` (the merge's preview). */
  count(scope: TenantScope, customerId: string, tx: Db): Promise<number>;
  /** Moves the records of customer `fromId` to `toId`, inside the merge's transaction `tx`. */
  reassignCustomer(scope: TenantScope, fromId: string, toId: string, tx: Db): Promise<number>;
}

/**
 * References to customers the customers feature itself looks after in a merge: customers merged
 * into the source follow it to the survivor (`markMerged`); a merge record names both sides for ever.
 */
export const OWN_CUSTOMER_REFERENCES = [
  'customers.merged_into_id',
  'customer_merges.survivor_id',
  'customer_merges.source_id',
] as const;

export interface CustomersDeps {
  repo: CustomersRepository;
  /** The country code of numbers written without one (config.sms.defaultCountryCode). */
  phoneCountryCode?: string;
}

const CUSTOMER = 'Customer';

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

function toCustomer(row: CustomerWithStatsRow): Customer {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    notes: row.notes,
    orderCount: row.orderCount,
    openOrderCount: row.openOrderCount,
    lastOrderAt: row.lastOrderAt ? row.lastOrderAt.toISOString() : null,
    mergedIntoId: row.mergedIntoId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

const conflict = (detail: string) => new AppError('conflict', 409, detail);
const mergeSelf = () =>
  new AppError('validation_failed', 400, 'The request is not valid.', {
    errors: [{ path: 'sourceId', message: CUSTOMER_MESSAGES.mergeSelf }],
  });
/** How many possible duplicates the create and edit forms are shown at most. */
const DUPLICATES_SHOWN = 5;
const versionConflict = () =>
  new AppError('version_conflict', 409, 'The customer was changed by someone else. Reload it and try again.');

function values(input: CustomerFields) {
  return {
    name: input.name,
    email: input.email,
    phone: input.phone,
    phoneDigits: phoneDigits(input.phone),
    address: input.address,
    notes: input.notes,
  };
}

export function createCustomersService(deps: CustomersDeps) {
  const mergeParticipants: CustomerReferences[] = [];
  const { repo } = deps;
  const countryCode = deps.phoneCountryCode ?? '47';

  async function findMatch(scope: TenantScope, email: string, digits: string | null, tx: Db) {
    return (
      (await repo.findByEmail(scope, email, tx)) ??
      (digits ? await repo.findByPhoneVariants(scope, [digits], tx) : null) ??
      (await repo.findMergedSurvivor(scope, email, digits, tx))
    );
  }

  /**
   * Walks the database's foreign keys to customers: a merge refuses (and changes nothing) while a
   * column references customers that neither a subscribed feature nor this one moves.
   */
  async function assertEveryReferenceHandled(tx: Db): Promise<void> {
    const handled = new Set<string>([
      ...OWN_CUSTOMER_REFERENCES,
      ...mergeParticipants.flatMap((p) => p.references),
    ]);
    const unhandled = (await repo.referencingColumns(tx)).filter((ref) => !handled.has(ref));
    if (unhandled.length > 0)
      throw new Error(`Customer merge: ${unhandled.join(', ')} reference customers but nothing moves them`);
  }

  async function detail(scope: TenantScope, id: string, tx?: Db): Promise<Customer> {
    const row = await repo.getWithStats(scope, id, tx);
    if (!row) throw notFound(CUSTOMER);
    return toCustomer(row);
  }

  /** A live customer of the partner, or 404 (unknown, another partner's) / 409 (merged away). */
  async function liveOrThrow(scope: TenantScope, id: string, tx?: Db): Promise<CustomerRow> {
    const row = await repo.get(scope, id, tx);
    if (!row) throw notFound(CUSTOMER);
    if (row.mergedIntoId) throw conflict(CUSTOMER_MESSAGES.merged);
    return row;
  }

  /** E-mail is how orders find their customer, so two live customers of a partner never share one. */
  async function assertEmailFree(scope: TenantScope, email: string | null, exceptId: string | null, tx: Db) {
    if (email && (await repo.emailTaken(scope, email, exceptId, tx))) {
      throw new AppError('email_taken', 409, CUSTOMER_MESSAGES.emailTaken, {
        errors: [{ path: 'email', message: CUSTOMER_MESSAGES.emailTaken }],
      });
    }
  }

  return {
    async list(scope: TenantScope, query: CustomerListQuery) {
      const { items, total } = await repo.list(scope, query);
      return { items: items.map(toCustomer), total, page: query.page, pageSize: query.pageSize };
    },

    /** The customers' part of the global search (GET/POST /search/global). */
    async searchHits(scope: TenantScope, text: string, limit: number): Promise<SearchHit[]> {
      const digits = /^[\d\s+()./-]+$/.test(text) ? phoneDigits(text) : null;
      const rows = await repo.search(scope, text, digits, limit);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        subtitle: [row.email, row.phone].filter(Boolean).join(' · ') || null,
        exact: Boolean(row.exact),
      }));
    },

    /** Merged customers answer too (with `mergedIntoId`), so an old link can lead to the survivor. */
    get: (scope: TenantScope, id: string) => detail(scope, id),

    async create(scope: TenantScope, input: CustomerFields): Promise<Customer> {
      return repo.transaction(async (tx) => {
        // The same lock as order-driven creation, so a duplicate e-mail cannot slip in between.
        await repo.lockCreation(scope, tx);
        await assertEmailFree(scope, input.email, null, tx);
        const row = await repo.insert(scope, values(input), tx);
        return detail(scope, row.id, tx);
      });
    },

    async update(
      scope: TenantScope,
      id: string,
      input: CustomerFields & { version: number },
    ): Promise<Customer> {
      const current = await liveOrThrow(scope, id);
      if (current.version !== input.version) throw versionConflict();
      return repo.transaction(async (tx) => {
        await repo.lockCreation(scope, tx);
        await assertEmailFree(scope, input.email, id, tx);
        if (!(await repo.updateIfVersion(scope, id, input.version, values(input), tx))) {
          await liveOrThrow(scope, id, tx); // deleted or merged meanwhile answer as such
          throw versionConflict();
        }
        return detail(scope, id, tx);
      });
    },

    /** Only a customer without orders can be deleted; one with orders can be merged instead. */
    async remove(scope: TenantScope, id: string): Promise<void> {
      await repo.transaction(async (tx) => {
        const [row] = await repo.lockMany(scope, [id], tx);
        if (!row) throw notFound(CUSTOMER);
        // Kept for history and so that orders from its old contact details find the survivor.
        if (row.mergedIntoId) throw conflict(CUSTOMER_MESSAGES.merged);
        const stats = await repo.getWithStats(scope, id, tx);
        if ((stats?.orderCount ?? 0) > 0) throw conflict(CUSTOMER_MESSAGES.hasOrders);
        const result = await repo.delete(scope, id, tx);
        if (result === 'missing') throw notFound(CUSTOMER);
        if (result === 'referenced') throw conflict(CUSTOMER_MESSAGES.hasOrders);
      });
    },

    /**
     * What merging `sourceId` into `survivorId` would do: both records, the fields that differ, and
     * how many records of each kind would move. Both must be live customers of the partner (another
     * partner's answers 404 like an unknown one).
     */
    async mergePreview(
      scope: TenantScope,
      survivorId: string,
      sourceId: string,
    ): Promise<CustomerMergePreview> {
      if (survivorId === sourceId) throw mergeSelf();
      return repo.transaction(async (tx) => {
        const [survivor, source] = [
          await repo.get(scope, survivorId, tx),
          await repo.get(scope, sourceId, tx),
        ];
        if (!survivor || !source) throw notFound(CUSTOMER);
        if (survivor.mergedIntoId || source.mergedIntoId) throw conflict(CUSTOMER_MESSAGES.merged);
        await assertEveryReferenceHandled(tx);
        const moves = [];
        for (const references of mergeParticipants)
          moves.push({ kind: references.kind, count: await references.count(scope, sourceId, tx) });
        return {
          survivor: await detail(scope, survivorId, tx),
          source: await detail(scope, sourceId, tx),
          differing: differingMergeFields(survivor, source),
          moves,
        };
      });
    },

    /**
     * Merges `sourceId` into `survivorId` in one transaction (docs/decisions/079-customer-merge.md):
     * every record that references the source moves to the survivor, the survivor's fields become
     * the ones chosen, the source is marked merged (hidden from lists and order matching, kept for
     * history and for its old contact details) and the merge is recorded. Both must be live
     * customers of the caller's partner at the versions the preview showed.
     */
    async merge(
      scope: TenantScope,
      survivorId: string,
      input: z.output<typeof customerMergeSchema>,
    ): Promise<Customer> {
      const { sourceId } = input;
      if (survivorId === sourceId) throw mergeSelf();
      return repo.transaction(async (tx) => {
        const rows = await repo.lockMany(scope, [survivorId, sourceId], tx);
        const survivor = rows.find((r) => r.id === survivorId);
        const source = rows.find((r) => r.id === sourceId);
        if (!survivor || !source) throw notFound(CUSTOMER);
        if (survivor.mergedIntoId || source.mergedIntoId) throw conflict(CUSTOMER_MESSAGES.merged);
        if (survivor.version !== input.version || source.version !== input.sourceVersion)
          throw new AppError('version_conflict', 409, CUSTOMER_MESSAGES.mergeStale);
        await assertEveryReferenceHandled(tx);

        const chosen = { ...survivor };
        const takenFields: string[] = [];
        for (const field of CUSTOMER_MERGE_FIELDS) {
          const side = input.take[field] ?? defaultMergeSide(field, survivor, source);
          if (side === 'source' && survivor[field] !== source[field]) {
            Object.assign(chosen, { [field]: source[field] });
            takenFields.push(field);
          }
        }
        const moved: Record<string, number> = {};
        // In subscription order (the modules' order in app.ts).
        for (const references of mergeParticipants)
          moved[references.kind] = await references.reassignCustomer(scope, sourceId, survivorId, tx);
        // The source leaves the live customers first, so the survivor may take its e-mail.
        await repo.markMerged(scope, sourceId, survivorId, tx);
        await assertEmailFree(scope, chosen.email, survivorId, tx);
        await repo.setMergedFields(
          scope,
          survivorId,
          {
            name: chosen.name,
            email: chosen.email,
            phone: chosen.phone,
            phoneDigits: takenFields.includes('phone') ? source.phoneDigits : survivor.phoneDigits,
            address: chosen.address,
            notes: chosen.notes,
          },
          tx,
        );
        await repo.insertMerge(
          scope,
          { survivorId, sourceId, sourceName: source.name, takenFields, moved },
          tx,
        );
        return detail(scope, survivorId, tx);
      });
    },

    /**
     * Live customers of the partner with the e-mail (any case) or the phone number however it is
     * written: "+47 912 34 567", "0047 91234567", "912 34 567" and "91234567" are one number for
     * a partner whose default country code is 47 (the SMS phone rules: E.164, then the forms a
     * stored number may take).
     */
    async duplicates(scope: TenantScope, query: CustomerDuplicatesQuery): Promise<Customer[]> {
      const email = query.email && query.email.includes('@') ? query.email : null;
      const e164 = toE164(query.phone, countryCode);
      const variants = e164 ? storedDigitVariants(e164, countryCode) : [];
      const own = phoneDigits(query.phone ?? null);
      if (e164 && own && !variants.includes(own)) variants.push(own);
      const ids = await repo.findDuplicates(scope, email, variants, query.exceptId ?? null, DUPLICATES_SHOWN);
      return Promise.all(ids.map((id) => detail(scope, id)));
    },

    /** 404 unless the customer is the partner's (merged ones included: their history stays). */
    async assertExists(scope: TenantScope, id: string): Promise<void> {
      if (!(await repo.get(scope, id))) throw notFound(CUSTOMER);
    },

    /** Subscribes another feature's records to every merge, inside the merge's transaction. */
    onMerge(references: CustomerReferences): void {
      mergeParticipants.push(references);
    },

    async serialNumbers(scope: TenantScope, id: string): Promise<CustomerSerialNumber[]> {
      if (!(await repo.get(scope, id))) throw notFound(CUSTOMER);
      const rows = await repo.serialNumbers(scope, id);
      return rows.map((r) => ({ ...r, lastOrderAt: r.lastOrderAt.toISOString() }));
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

    /**
     * A rental's new customer (product.md "Rentals"): the partner's customer with the same e-mail
     * (any case) or else the same phone number compared in E.164, however it was written ("912 34
     * 567", "+47 912 34 567", "0047 91234567"); otherwise a new one. Runs inside the rental's
     * transaction, so a refused rental leaves no customer behind.
     */
    async findOrCreateContact(scope: TenantScope, input: CustomerFields, tx: Db): Promise<{ id: string }> {
      const e164 = toE164(input.phone, countryCode);
      const find = async () =>
        (input.email ? await repo.findByEmail(scope, input.email, tx) : null) ??
        (e164 ? await repo.findByPhoneVariants(scope, storedDigitVariants(e164, countryCode), tx) : null) ??
        (input.email
          ? await repo.findMergedSurvivor(scope, input.email, phoneDigits(input.phone), tx)
          : null);
      let match = await find();
      if (!match) {
        await repo.lockCreation(scope, tx);
        // Whoever held the lock before us may just have created this very customer.
        match = await find();
      }
      if (!match) return { id: (await repo.insert(scope, values(input), tx)).id };
      const blanks: Partial<NewCustomer> = {};
      if (!match.email && input.email) blanks.email = input.email;
      if (!match.phone && input.phone)
        Object.assign(blanks, { phone: input.phone, phoneDigits: phoneDigits(input.phone) });
      if (!match.address && input.address) blanks.address = input.address;
      await repo.fillBlanks(scope, match.id, blanks, tx);
      return { id: match.id };
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
