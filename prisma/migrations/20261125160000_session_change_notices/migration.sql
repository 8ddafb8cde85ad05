-- The embedded database's server keeps the sessions it reads in memory (docs/performance.md#sessions-kept-in-memory):
-- every change that could end or alter one tells it, from the database itself, whoever wrote it
-- (the session store, ending sessions, disabling or deleting a user, cascades, purges, a restore).
-- Only a database session that LISTENs itself is told: PGlite's one connection does, a PostgreSQL
-- pool's connections never do, so PostgreSQL queues no notification.
CREATE OR REPLACE FUNCTION budget_session_changed() RETURNS trigger LANGUAGE plpgsql
  AS $$
  BEGIN
    IF 'session_changes' = ANY (SELECT pg_listening_channels()) THEN
      -- "session:<sid>", "users:<id>" (TG_ARGV[0] names the key column), or "<table>:*" for a TRUNCATE.
      PERFORM pg_notify('session_changes', TG_TABLE_NAME || ':' ||
        CASE WHEN TG_OP = 'TRUNCATE' THEN '*' ELSE to_jsonb(OLD) ->> TG_ARGV[0] END);
    END IF;
    RETURN NULL;
  END $$;

CREATE TRIGGER session_changed AFTER UPDATE OR DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION budget_session_changed('sid');
CREATE TRIGGER user_access_changed AFTER UPDATE OF disabled_at OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION budget_session_changed('id');
CREATE TRIGGER session_truncated AFTER TRUNCATE ON "session"
  FOR EACH STATEMENT EXECUTE FUNCTION budget_session_changed();
CREATE TRIGGER users_truncated AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION budget_session_changed();
