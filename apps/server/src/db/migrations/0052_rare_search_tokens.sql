-- A search term's tokens without the partner's common ones (service-orders.common-tokens.ts), or
-- all of them when none would be left. IMMUTABLE, so that with constant arguments the planner
-- works it out while planning and estimates the index condition from the array itself: the same
-- expression as a subquery left the planner blind, and it read the partner's orders one by one.
CREATE FUNCTION "so_rare_tokens"(tokens bigint[], common bigint[]) RETURNS bigint[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(nullif(array(SELECT unnest(tokens) EXCEPT SELECT unnest(common)), '{}'), tokens)
$$;
