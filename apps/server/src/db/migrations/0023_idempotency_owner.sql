ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_user_id_key_pk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "owner" text;--> statement-breakpoint
UPDATE "idempotency_keys" SET "owner" = 'user:' || "user_id";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "owner" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_owner_key_pk" PRIMARY KEY("owner","key");
