-- Every server keeps signed-in callers in memory (docs/decisions/008-principal-cache.md). A change
-- to who a caller is (a session revoked or removed, a user's roles, flags, partner or names, a
-- partner's name or active flag) tells every server to forget them, whoever made the change.
CREATE FUNCTION "notify_auth_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_change', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_auth_change" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();--> statement-breakpoint
CREATE TRIGGER "users_auth_change" AFTER UPDATE OR DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();--> statement-breakpoint
CREATE TRIGGER "service_partners_auth_change" AFTER UPDATE OR DELETE ON "service_partners"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();
