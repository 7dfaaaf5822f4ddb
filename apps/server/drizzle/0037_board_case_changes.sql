-- The board's index in memory holds what a board card shows of its case
-- (docs/decisions/0042-directory-index-in-memory.md): its title, description, status, category and date come
-- from the case itself, not from board_entries. A change to them on a case that is on the board is logged
-- under the board's next version, as a change to its entry is (migration 0035), so every process shows it
-- at once.
CREATE FUNCTION board_search_cases_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM board_search_log(ARRAY(
    SELECT n.id FROM new_cases n JOIN old_cases o ON o.id = n.id JOIN board_entries e ON e.case_id = n.id
    WHERE (n.title, n.description, n.status, n.category, n.created_at)
      IS DISTINCT FROM (o.title, o.description, o.status, o.category, o.created_at)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER board_search_cases_update AFTER UPDATE ON cases
  REFERENCING OLD TABLE AS old_cases NEW TABLE AS new_cases
  FOR EACH STATEMENT EXECUTE FUNCTION board_search_cases_updated();
