-- An order's exact-match keys for the global search (issue 33): the fields a text can equal
-- (order number, serial number, e-mail, phone) lower-cased, and '#' + the phone's last 8 digits
-- (a whole national number matches the stored one with or without its country code). Empty
-- fields give no key. The repository rechecks the equality on the rows the index returns.
CREATE FUNCTION so_exact_keys(order_number text, serial_number text, email text, phone text)
  RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_remove(ARRAY[
    nullif(lower(order_number), ''),
    nullif(lower(serial_number), ''),
    nullif(lower(email), ''),
    nullif(lower(phone), ''),
    '#' || nullif(right(regexp_replace(coalesce(phone, ''), '\D', '', 'g'), 8), '')
  ], NULL)
$$;
--> statement-breakpoint
CREATE INDEX "service_orders_exact_keys_idx" ON "service_orders" USING gin (so_exact_keys("order_number", "serial_number", "customer_email", "customer_phone"));
