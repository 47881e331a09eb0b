-- One unit is never in two overlapping bookings or active rentals, whoever writes (decision 026):
-- the database refuses the second with exclusion_violation (23P01), also under concurrent requests.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_no_overlap" EXCLUDE USING gist (
  "rental_product_id" WITH =,
  daterange("start_date", "due_date", '[]') WITH &&
) WHERE ("status" IN ('booked', 'active'));
--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_dates_check" CHECK ("due_date" >= "start_date");
--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_status_check" CHECK ("status" IN ('booked', 'active', 'returned', 'cancelled'));
--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_kind_check" CHECK ("kind" IN ('rental', 'booking'));
