import { addDays, todayIn } from '@service-portal/shared/zoned-days';
import {
  TECHNICIAN_CONFLICTS,
  WORKING_HOURS_MESSAGES,
  type DayOff,
  type DayOffListQuery,
  type Technician,
  type TechnicianWorkingHours,
  type WorkingHours,
  type technicianInputSchema,
  type TechnicianListQuery,
  type TechnicianStats,
} from '@service-portal/shared/technicians';
import type { SearchHit } from '@service-portal/shared/search';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { TenantScope } from '../../db/tenant.ts';
import { AppError, notFound } from '../../errors.ts';
import type { DayOffRow, TechnicianRow, TechniciansRepository } from './technicians.repository.ts';

export const TECHNICIAN_MESSAGES = {
  notFound: 'Technician not found',
  inactive: 'This technician is inactive',
} as const;

type TechnicianFields = z.output<typeof technicianInputSchema>;

const TECHNICIAN = 'Technician';

const versionConflict = () =>
  new AppError(
    'version_conflict',
    409,
    'The technician was changed by someone else. Reload it and try again.',
  );

const emailTaken = () =>
  new AppError('email_taken', 409, TECHNICIAN_CONFLICTS.emailTaken, {
    errors: [{ path: 'email', message: TECHNICIAN_CONFLICTS.emailTaken }],
  });

function toTechnician(row: TechnicianRow): Technician {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: `${row.firstName} ${row.lastName}`,
    email: row.email,
    phoneNumber: row.phoneNumber,
    jobTitle: row.jobTitle,
    department: row.department,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

const dayOffTaken = () =>
  new AppError('day_off_taken', 409, WORKING_HOURS_MESSAGES.dayOffTaken, {
    errors: [{ path: 'date', message: WORKING_HOURS_MESSAGES.dayOffTaken }],
  });

const toDayOff = (row: DayOffRow): DayOff => ({ ...row });
const hoursOf = (row: TechnicianRow): TechnicianWorkingHours => ({
  technicianId: row.id,
  workingHours: row.workingHours,
  version: row.version,
});

/** Days off are listed for at most this many days at once. */
const DAYS_OFF_MAX_RANGE = 400;

export function createTechniciansService(repo: TechniciansRepository, now: () => Date = () => new Date()) {
  async function getRow(scope: TenantScope, id: string, tx?: Db): Promise<TechnicianRow> {
    const row = await repo.get(scope, id, tx);
    if (!row) throw notFound(TECHNICIAN);
    return row;
  }

  /** A version mismatch after the row was read: 404 when it is gone, else someone else won. */
  async function missedUpdate(scope: TenantScope, id: string, tx?: Db): Promise<never> {
    await getRow(scope, id, tx);
    throw versionConflict();
  }

  return {
    async list(scope: TenantScope, query: TechnicianListQuery) {
      const { items, total } = await repo.list(scope, query);
      return { items: items.map(toTechnician), total, page: query.page, pageSize: query.pageSize };
    },

    /** The technicians' part of the global search (GET/POST /search/global). */
    async searchHits(scope: TenantScope, text: string, limit: number): Promise<SearchHit[]> {
      const rows = await repo.search(scope, text, limit);
      return rows.map((row) => ({
        id: row.id,
        name: `${row.firstName} ${row.lastName}`,
        subtitle: [row.jobTitle, row.email].filter(Boolean).join(' · ') || null,
        exact: Boolean(row.exact),
      }));
    },

    /** Every technician's id, name and active flag (labels for the dashboard). */
    async names(scope: TenantScope) {
      const rows = await repo.names(scope);
      return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`, isActive: r.isActive }));
    },

    async get(scope: TenantScope, id: string): Promise<Technician> {
      return toTechnician(await getRow(scope, id));
    },

    async create(scope: TenantScope, input: TechnicianFields): Promise<Technician> {
      return repo.transaction(async (tx) => {
        await repo.lockWrites(scope, tx);
        if (await repo.emailTaken(scope, input.email, null, tx)) throw emailTaken();
        return toTechnician(await repo.insert(scope, input, tx));
      });
    },

    async update(
      scope: TenantScope,
      id: string,
      input: TechnicianFields & { version: number },
    ): Promise<Technician> {
      const { version, ...values } = input;
      const current = await getRow(scope, id);
      if (current.version !== version) throw versionConflict();
      return repo.transaction(async (tx) => {
        await repo.lockWrites(scope, tx);
        if (await repo.emailTaken(scope, values.email, id, tx)) throw emailTaken();
        const row = await repo.updateIfVersion(scope, id, version, values, tx);
        return row ? toTechnician(row) : missedUpdate(scope, id, tx);
      });
    },

    /**
     * Activates or deactivates. Orders already assigned keep an inactive technician; only new
     * assignments are refused (assertAssignable).
     */
    async setStatus(
      scope: TenantScope,
      id: string,
      input: { isActive: boolean; version: number },
    ): Promise<Technician> {
      const row = await repo.updateIfVersion(scope, id, input.version, { isActive: input.isActive });
      return row ? toTechnician(row) : missedUpdate(scope, id);
    },

    async workingHours(scope: TenantScope, id: string): Promise<TechnicianWorkingHours> {
      return hoursOf(await getRow(scope, id));
    },

    /** Saves the weekly hours; the technician's version guards it like any edit of the technician. */
    async setWorkingHours(
      scope: TenantScope,
      id: string,
      input: { workingHours: WorkingHours; version: number },
    ): Promise<TechnicianWorkingHours> {
      const row = await repo.updateIfVersion(scope, id, input.version, { workingHours: input.workingHours });
      return row ? hoursOf(row) : missedUpdate(scope, id);
    },

    /** Days off from `from` (default: today in the partner's zone) to `to` (default: a year on). */
    async daysOff(scope: TenantScope, id: string, query: DayOffListQuery): Promise<{ items: DayOff[] }> {
      await getRow(scope, id);
      const from = query.from ?? todayIn(await repo.partnerTimeZone(scope), now());
      const to = query.to ?? addDays(from, 365);
      if (to < from || to > addDays(from, DAYS_OFF_MAX_RANGE)) {
        throw new AppError('validation_failed', 400, 'The request is not valid.', {
          errors: [{ path: 'to', message: `to must be from … from + ${DAYS_OFF_MAX_RANGE} days` }],
        });
      }
      return { items: (await repo.listDaysOff(scope, id, from, to)).map(toDayOff) };
    },

    async addDayOff(
      scope: TenantScope,
      id: string,
      input: { date: string; reason: string | null },
    ): Promise<DayOff> {
      await getRow(scope, id);
      const row = await repo.insertDayOff(scope, id, input);
      if (row === 'taken') throw dayOffTaken();
      return toDayOff(row);
    },

    async removeDayOff(scope: TenantScope, id: string, dayOffId: string): Promise<void> {
      await getRow(scope, id);
      if (!(await repo.deleteDayOff(scope, id, dayOffId))) throw notFound('Day off');
    },

    async stats(scope: TenantScope, id: string): Promise<TechnicianStats> {
      await getRow(scope, id);
      const s = await repo.stats(scope, id);
      const counted = s.assigned - s.cancelled;
      return {
        technicianId: id,
        assignedOrders: s.assigned,
        openOrders: s.open,
        completedOrders: s.completed,
        cancelledOrders: s.cancelled,
        completionRate: counted === 0 ? 0 : s.completed / counted,
        averageResolutionHours:
          s.avgResolutionSeconds === null ? null : Math.round((s.avgResolutionSeconds / 3600) * 100) / 100,
      };
    },

    /**
     * A new assignment must name an active technician of the caller's partner; anything else is
     * a 400 on the field that named it (another partner's technician looks like an unknown one).
     */
    async assertAssignable(
      scope: TenantScope,
      id: string,
      path = 'assignedTechnicianId',
    ): Promise<TechnicianRow> {
      const technician = await repo.get(scope, id);
      const message = !technician
        ? TECHNICIAN_MESSAGES.notFound
        : !technician.isActive
          ? TECHNICIAN_MESSAGES.inactive
          : null;
      if (message || !technician) {
        throw new AppError('validation_failed', 400, 'The request is not valid.', {
          errors: [{ path, message: message ?? TECHNICIAN_MESSAGES.notFound }],
        });
      }
      return technician;
    },
  };
}

export type TechniciansService = ReturnType<typeof createTechniciansService>;
