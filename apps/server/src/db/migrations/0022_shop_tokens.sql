CREATE TABLE "shop_tokens" (
	"shop" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"access_token_sealed" text,
	"access_expires_at" timestamp with time zone,
	"refresh_token_sealed" text,
	"refresh_expires_at" timestamp with time zone,
	"scopes" text[] DEFAULT '{}' NOT NULL,
	"obtained_at" timestamp with time zone,
	"refused_at" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
