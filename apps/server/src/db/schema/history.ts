import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per changed field of a business table, written by the database itself (the
 * `history_capture` triggers of migration 0028, attached with `history_attach`). Partitioned by
 * month of `occurred_at` so that retention drops whole months (docs/decisions/058). Drizzle
 * cannot declare partitioning: the migration creates the table; this declaration is for queries.
 */
export const historyEvents = pgTable(
  'history_events',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    servicePartnerId: uuid('service_partner_id'),
    tableName: text('table_name').notNull(),
    recordId: text('record_id').notNull(),
    /** The page the change shows on: an order for its lines, 'pricing' for the partner's prices. */
    subjectTable: text('subject_table').notNull(),
    subjectId: text('subject_id').notNull(),
    operation: text('operation').notNull(),
    field: text('field').notNull(),
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
    actorKind: text('actor_kind').notNull(),
    actorId: text('actor_id'),
    actorName: text('actor_name'),
    requestId: text('request_id'),
  },
  (t) => [
    index('history_events_subject_idx').on(t.subjectTable, t.subjectId, t.occurredAt.desc(), t.id.desc()),
    index('history_events_time_brin_idx').using('brin', t.occurredAt),
  ],
);

export type HistoryEventRow = typeof historyEvents.$inferSelect;
