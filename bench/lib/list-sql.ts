/** The SQL of the list endpoint for page 1 of 20, no filters, newest first. */

// Copied from what ServiceOrdersRepository.list sends for `{}` filters, page 1, pageSize 20, desc
// (parameters: partner, 20, 0)
// (captured with drizzle's query logger; run.ts checks both answers carry the same ids).
export const LIST_PAGE_SQL = `select "service_orders"."id", "service_orders"."order_number", "service_orders"."title", "service_orders"."service_type", "service_orders"."priority", "service_orders"."status", "service_orders"."customer_id", "service_orders"."customer_name", "service_orders"."customer_email", "service_orders"."customer_phone", "service_orders"."serial_number", "service_orders"."scheduled_date", "service_orders"."assigned_technician_id", "technicians"."first_name" || ' ' || "technicians"."last_name", "service_orders"."created_at", "service_orders"."updated_at", "service_orders"."completed_at", "service_orders"."version" from "service_orders" left join "technicians" on "technicians"."id" = "service_orders"."assigned_technician_id" where "service_orders"."service_partner_id" = $1 order by "service_orders"."created_at" desc, "service_orders"."id" desc limit $2 offset $3`;
// The total from the orders' roll-up (decision 082); parameters: partner, then null twice for each
// of status, priority and type (no filter).
export const LIST_COUNT_SQL = `select coalesce(sum("orders"), 0)::text from "service_order_counts" where "service_order_counts"."service_partner_id" = $1
        and ($2::text[] is null or "service_order_counts"."status" = any($3::text[]))
        and ($4::text[] is null or "service_order_counts"."priority" = any($5::text[]))
        and ($6::text[] is null or "service_order_counts"."service_type" = any($7::text[]))`;
