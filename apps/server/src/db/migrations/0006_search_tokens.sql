-- Tenant-scoped search (docs/decisions/009-search-tokens.md): every 3-character piece of the
-- lower-cased fields, hashed together with the partner. A pg_trgm index holds one posting list per
-- trigram across all partners, so a common trigram ("sen", "-20") walks every partner's rows; these
-- tokens are per partner. "contains T" implies "has every token of T", so a query asks for the
-- tokens of its term (the same function) and re-checks with ILIKE. Terms under 3 characters have
-- no tokens and are matched by ILIKE alone.
CREATE FUNCTION "so_search_tokens"(partner uuid, VARIADIC fields text[]) RETURNS bigint[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT hashtextextended(substr(f, i, 3), s.seed)), '{}')
  FROM (SELECT hashtext(partner::text)::bigint AS seed) AS s,
       unnest(fields) AS u(v),
       lower(coalesce(v, '')) AS f,
       generate_series(1, length(f) - 2) AS i
$$;--> statement-breakpoint
DROP INDEX "service_orders_phone_digits_trgm_idx";--> statement-breakpoint
DROP INDEX "service_orders_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "service_orders_search_tokens_idx" ON "service_orders" USING gin (so_search_tokens("service_partner_id", "order_number", "customer_name", "customer_email", "customer_phone", regexp_replace(coalesce("customer_phone", ''), '\D', '', 'g'), "serial_number"));