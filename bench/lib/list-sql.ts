/** The SQL of the list endpoint for page 1 of 20, no filters, newest first. */

// Copied from what ServiceOrdersRepository.list sends for `{}` filters, page 1, pageSize 20, desc
// (parameters: partner, 20, 0)
// (captured at the driver; run.ts checks both answers carry the same ids).
export const LIST_PAGE_SQL = `select "service_orders"."id" as "id", "service_orders"."order_number" as "orderNumber", "service_orders"."title" as "title", "service_orders"."service_type" as "serviceType", "service_orders"."priority" as "priority", "service_orders"."status" as "status", "service_orders"."customer_id" as "customerId", "service_orders"."customer_name" as "customerName", "service_orders"."customer_email" as "customerEmail", "service_orders"."customer_phone" as "customerPhone", "service_orders"."serial_number" as "serialNumber", "service_orders"."scheduled_date"::text as "scheduledDate", "service_orders"."assigned_technician_id" as "assignedTechnicianId", "technicians"."first_name" || ' ' || "technicians"."last_name" as "assignedTechnicianName", "service_orders"."created_at" as "createdAt", "service_orders"."updated_at" as "updatedAt", "service_orders"."completed_at" as "completedAt", "service_orders"."version" as "version" from "service_orders" left join "technicians" on "technicians"."id" = "service_orders"."assigned_technician_id" where "service_orders"."service_partner_id" = $1 order by "service_orders"."created_at" desc, "service_orders"."id" desc limit $2 offset $3`;
// The total from the orders' roll-up (decision 082); parameters: partner, then null twice for each
// of status, priority and type (no filter).
export const LIST_COUNT_SQL = `select coalesce(sum("orders"), 0)::text as "n" from "service_order_counts" where "service_order_counts"."service_partner_id" = $1
        and ($2::text[] is null or "service_order_counts"."status" = any($3::text[]))
        and ($4::text[] is null or "service_order_counts"."priority" = any($5::text[]))
        and ($6::text[] is null or "service_order_counts"."service_type" = any($7::text[]))`;
