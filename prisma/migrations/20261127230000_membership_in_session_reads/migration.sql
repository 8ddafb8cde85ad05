-- The session store reads the user's roles in their budgets with the session, and the embedded
-- database's server keeps both in memory (docs/performance.md#sessions-kept-in-memory): a change
-- of a membership (added, role changed, removed, left, a budget or user deleted) drops the user's
-- sessions from it, as "users:<id>" on the same channel, so their next request reads both again.
-- As for sessions, only a database session that LISTENs is told (PGlite's one connection).
CREATE OR REPLACE FUNCTION budget_membership_changed() RETURNS trigger LANGUAGE plpgsql
  AS $$
  BEGIN
    IF 'session_changes' = ANY (SELECT pg_listening_channels()) THEN
      IF TG_OP = 'TRUNCATE' THEN
        PERFORM pg_notify('session_changes', 'users:*');
      ELSIF TG_OP = 'INSERT' THEN
        PERFORM pg_notify('session_changes', 'users:' || NEW.user_id);
      ELSE
        PERFORM pg_notify('session_changes', 'users:' || OLD.user_id);
      END IF;
    END IF;
    RETURN NULL;
  END $$;

CREATE TRIGGER membership_changed AFTER INSERT OR UPDATE OR DELETE ON "budget_members"
  FOR EACH ROW EXECUTE FUNCTION budget_membership_changed();
CREATE TRIGGER memberships_truncated AFTER TRUNCATE ON "budget_members"
  FOR EACH STATEMENT EXECUTE FUNCTION budget_membership_changed();
