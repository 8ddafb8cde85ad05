-- The embedded database's server keeps the sessions it reads in memory (docs/performance.md#sessions-kept-in-memory):
-- every change that could end or alter one tells it, from the database itself, whoever wrote it
-- (the session store, ending sessions, disabling or deleting a user, cascades, purges).
-- Only a database session that LISTENs itself is told: PGlite's one connection does, a PostgreSQL
-- pool's connections never do, so PostgreSQL queues no notification.
CREATE OR REPLACE FUNCTION budget_session_changed() RETURNS trigger LANGUAGE plpgsql
  AS $$
  BEGIN
    IF 'session_changes' = ANY (SELECT pg_listening_channels()) THEN
      -- "session:<sid>" or "users:<id>" (TG_ARGV[0] names the key column).
      PERFORM pg_notify('session_changes', TG_TABLE_NAME || ':' || (to_jsonb(OLD) ->> TG_ARGV[0]));
    END IF;
    RETURN NULL;
  END $$;

CREATE TRIGGER session_changed AFTER UPDATE OR DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION budget_session_changed('sid');
CREATE TRIGGER user_access_changed AFTER UPDATE OF disabled_at OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION budget_session_changed('id');
