-- Issue 15: a photo belongs to a service order or to a rental (taken at its return), exactly one.
ALTER TABLE "images" ALTER COLUMN "service_order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "rental_id" uuid;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "images_rental_idx" ON "images" USING btree ("rental_id","created_at");--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_one_owner" CHECK (num_nonnulls("images"."service_order_id", "images"."rental_id") = 1);