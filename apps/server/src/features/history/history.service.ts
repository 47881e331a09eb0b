import { hasRole, type AccessSubject } from '@service-portal/shared/access';
import {
  HISTORY_RETENTION_DEFAULT_MONTHS,
  isSensitiveHistoryField,
  type HistoryActorKind,
  type HistoryEvent,
  type HistoryOperation,
  type HistoryPage,
  type HistoryQuery,
  type HistorySearchQuery,
  type HistorySubject,
} from '@service-portal/shared/history';
import type { FastifyBaseLogger } from 'fastify';
import { requirePartner, type TenantScope } from '../../db/tenant.ts';
import type { HistoryEventRow } from '../../db/schema/history.ts';
import { notFound } from '../../errors.ts';
import type { HistoryFilter, HistoryRepository } from './history.repository.ts';

/** Internal notes and personal data: managers (and the global administrator) only. */
export function mayReadSensitiveHistory(viewer: AccessSubject): boolean {
  return hasRole(viewer, 'ServiceManager');
}

function toEvent(row: HistoryEventRow, sensitiveOk: boolean): HistoryEvent {
  const hidden = !sensitiveOk && isSensitiveHistoryField(row.tableName, row.field);
  return {
    id: row.id,
    at: row.occurredAt.toISOString(),
    table: row.tableName,
    recordId: row.recordId,
    operation: row.operation as HistoryOperation,
    field: row.field,
    oldValue: hidden ? null : row.oldValue,
    newValue: hidden ? null : row.newValue,
    redacted: hidden,
    actor: { kind: row.actorKind as HistoryActorKind, id: row.actorId, name: row.actorName },
    requestId: row.requestId,
    partnerId: row.servicePartnerId,
  };
}

function fieldRef(ref: string | undefined) {
  if (!ref) return undefined;
  const [table = '', field = ''] = ref.split('.');
  return { table, field };
}

export function createHistoryService(deps: {
  repo: HistoryRepository;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const { repo } = deps;

  async function read(base: HistoryFilter, query: HistoryQuery, viewer: AccessSubject): Promise<HistoryPage> {
    const filter: HistoryFilter = {
      ...base,
      field: fieldRef(query.field),
      actorKind: query.actorKind,
      actorId: query.actorId,
    };
    const [{ items, total }, facets] = await Promise.all([
      repo.page(filter, query.page, query.pageSize),
      repo.facets(base),
    ]);
    const sensitiveOk = mayReadSensitiveHistory(viewer);
    return {
      items: items.map((row) => toEvent(row, sensitiveOk)),
      total,
      page: query.page,
      pageSize: query.pageSize,
      fields: facets.fields,
      actors: facets.actors.map((a) => ({ kind: a.kind as HistoryActorKind, id: a.id, name: a.name })),
    };
  }

  return {
    /**
     * The history of one order (with its lines, work logs, checkpoints, messages and images), rental,
     * rental unit, technician or document of the caller's partner. Events are read by the caller's
     * partner first: another partner's id answers 404, as an unknown one does.
     */
    async ofSubject(
      scope: TenantScope,
      viewer: AccessSubject,
      subject: HistorySubject,
      id: string,
      query: HistoryQuery,
    ): Promise<HistoryPage> {
      requirePartner(scope);
      const page = await read(
        { partnerId: scope.partnerId, subjectTable: subject, subjectId: id },
        query,
        viewer,
      );
      // Nothing ever recorded (under any filter): not a record of this partner, or one from before
      // the history existed. A deleted record keeps its history and still answers.
      if (page.fields.length === 0) throw notFound('History');
      return page;
    },

    /** The partner's prices: configuration, category prices and rental prices. */
    async ofPricing(scope: TenantScope, viewer: AccessSubject, query: HistoryQuery): Promise<HistoryPage> {
      requirePartner(scope);
      return read(
        { partnerId: scope.partnerId, subjectTable: 'pricing', subjectId: scope.partnerId },
        query,
        viewer,
      );
    },

    /** A global administrator's search across partners (every field shows: they see everything). */
    async search(viewer: AccessSubject, query: HistorySearchQuery): Promise<HistoryPage> {
      return read(
        {
          partnerId: query.partnerId ?? null,
          table: query.table,
          recordId: query.recordId,
          requestId: query.requestId,
          from: query.from ? new Date(query.from) : undefined,
          to: query.to ? new Date(query.to) : undefined,
        },
        query,
        viewer,
      );
    },

    async retention(scope: TenantScope): Promise<{ months: number }> {
      requirePartner(scope);
      const months = await repo.retentionOf(scope.partnerId);
      if (months === null) throw notFound('Partner');
      return { months };
    },

    async setRetention(scope: TenantScope, months: number): Promise<{ months: number }> {
      requirePartner(scope);
      if (!(await repo.setRetention(scope.partnerId, months))) throw notFound('Partner');
      return { months };
    },

    /**
     * The retention job: makes the coming months' partitions, drops whole months older than the
     * longest retention of any partner, and deletes per partner what a shorter retention ends.
     */
    async enforceRetention(): Promise<{ droppedMonths: number; deleted: number }> {
      const now = deps.now();
      await repo.ensurePartitions(3);
      const retentions = await repo.retentions();
      const longest = Math.max(HISTORY_RETENTION_DEFAULT_MONTHS, ...retentions.map((r) => r.months));
      const droppedMonths = await repo.dropMonthsBefore(monthsBefore(now, longest));
      let deleted = 0;
      for (const r of retentions) {
        if (r.months >= longest) continue;
        deleted += await repo.deletePartnerBefore(r.partnerId, monthsBefore(now, r.months));
      }
      deps.log.info({ droppedMonths, deleted, longest }, 'history retention enforced');
      return { droppedMonths, deleted };
    },
  };
}

/** `months` calendar months before `t` (UTC). */
export function monthsBefore(t: Date, months: number): Date {
  const d = new Date(t.getTime());
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}

export type HistoryService = ReturnType<typeof createHistoryService>;
