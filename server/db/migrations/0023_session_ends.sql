-- A session's end is announced where it happens, in the database: logout, a session ended from the
-- profile, sign-out of the other sessions on a password change, every session on a password reset,
-- a ban or the admin command, a refresh token used twice — whichever code ends it, at its commit.
-- Each API instance LISTENs on takapoo_sessions and ends the notification streams of that session
-- (server/notifications/live.ts). The payload is the session's id.
CREATE FUNCTION "session_ended_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('takapoo_sessions', OLD."id"::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_revoked" AFTER UPDATE OF "revoked_at" ON "sessions" FOR EACH ROW WHEN (OLD."revoked_at" IS NULL AND NEW."revoked_at" IS NOT NULL) EXECUTE FUNCTION "session_ended_notify"();--> statement-breakpoint
CREATE TRIGGER "sessions_deleted" AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "session_ended_notify"();
