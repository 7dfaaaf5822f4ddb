-- The directory's in-memory index (docs/decisions/0042-directory-index-in-memory.md) follows the projection
-- through a numbered log of its changes: each refresh of lawyers' rows takes the next version of the one-row
-- table lawyer_search_version and writes the lawyers it refreshed under it. The row is locked until the
-- writer's transaction ends, so versions become visible in the order they were taken and a reader that sees
-- version n sees every change up to n. A reader reads this version before it answers, and the changes past
-- its own when it is behind.
CREATE TABLE lawyer_search_version (
  id integer PRIMARY KEY CHECK (id = 1),
  version bigint NOT NULL
);--> statement-breakpoint
INSERT INTO lawyer_search_version VALUES (1, 0);--> statement-breakpoint
-- user_ids null: too many lawyers changed at once to list (a rebuild); a reader loads everything again
CREATE TABLE lawyer_search_changes (
  version bigint PRIMARY KEY,
  user_ids uuid[]
);--> statement-breakpoint
ALTER FUNCTION lawyer_search_refresh(uuid[]) RENAME TO lawyer_search_refresh_rows;--> statement-breakpoint
-- The version is taken before any row of the projection is locked, so two writers never wait on each other
-- in opposite orders; the last thousand changes are kept (a reader further behind loads everything).
CREATE FUNCTION lawyer_search_refresh(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  taken bigint;
BEGIN
  IF cardinality(ids) > 0 THEN
    UPDATE lawyer_search_version SET version = version + 1 WHERE id = 1 RETURNING version INTO taken;
    INSERT INTO lawyer_search_changes VALUES (taken, CASE WHEN cardinality(ids) <= 10000 THEN ids END);
    DELETE FROM lawyer_search_changes WHERE version <= taken - 1000;
  END IF;
  PERFORM lawyer_search_refresh_rows(ids);
END $$;
