-- The board's in-memory index follows board_entries through a numbered log of its changes, as the directory's
-- does (docs/decisions/0042-directory-index-in-memory.md, migration 0034): every statement that inserts,
-- updates or deletes board entries takes the next version of the one-row board_search_version and logs the
-- cases it changed under it. These triggers are named to fire before board_search_entries_* (triggers of one
-- event fire in name order), so the version is locked before any row of board_search_counts.
CREATE TABLE board_search_version (
  id integer PRIMARY KEY CHECK (id = 1),
  version bigint NOT NULL
);--> statement-breakpoint
INSERT INTO board_search_version VALUES (1, 0);--> statement-breakpoint
-- case_ids null: too many cases changed at once to list (a rebuild); a reader loads everything again
CREATE TABLE board_search_changes (
  version bigint PRIMARY KEY,
  case_ids uuid[]
);--> statement-breakpoint
CREATE FUNCTION board_search_log(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  taken bigint;
BEGIN
  IF cardinality(ids) > 0 THEN
    UPDATE board_search_version SET version = version + 1 WHERE id = 1 RETURNING version INTO taken;
    INSERT INTO board_search_changes VALUES (taken, CASE WHEN cardinality(ids) <= 10000 THEN ids END);
    DELETE FROM board_search_changes WHERE version <= taken - 1000;
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION board_search_logged_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM board_search_log(ARRAY(SELECT case_id FROM changed_entries));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER board_search_a_log_insert AFTER INSERT ON board_entries
  REFERENCING NEW TABLE AS changed_entries FOR EACH STATEMENT EXECUTE FUNCTION board_search_logged_new();--> statement-breakpoint
CREATE TRIGGER board_search_a_log_update AFTER UPDATE ON board_entries
  REFERENCING NEW TABLE AS changed_entries FOR EACH STATEMENT EXECUTE FUNCTION board_search_logged_new();--> statement-breakpoint
CREATE TRIGGER board_search_a_log_delete AFTER DELETE ON board_entries
  REFERENCING OLD TABLE AS changed_entries FOR EACH STATEMENT EXECUTE FUNCTION board_search_logged_new();
