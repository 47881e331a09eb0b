ALTER TABLE "rentals" ADD COLUMN "booked_start_date" date;--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "handed_over_at" timestamp with time zone;