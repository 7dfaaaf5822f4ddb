-- The board read as the directory is (docs/decisions/0033-board-search.md, after
-- docs/decisions/0031-directory-search-projection.md): one index per sort led by the category, the sort keys
-- exactly as board.repository.ts orders them (NULLS placement included) and the search text INCLUDEd, so a
-- page of one category is one ordered index-only range read that stops when full; the no-category indexes
-- get the search text too. 'recent', 'oldest' (read backwards) and 'category' share board_category_idx.
DROP INDEX IF EXISTS "board_recent_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "board_proposals_asc_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "board_category_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "board_price_asc_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "board_price_desc_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "board_finished_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "board_active_idx";--> statement-breakpoint
CREATE INDEX "board_recent_idx" ON "board_entries" ("created_at" DESC, "case_id" DESC) INCLUDE ("search_text");--> statement-breakpoint
CREATE INDEX "board_proposals_asc_idx" ON "board_entries" ("proposals_count", "created_at" DESC, "case_id" DESC) INCLUDE ("search_text");--> statement-breakpoint
CREATE INDEX "board_category_idx" ON "board_entries" ("category", "created_at" DESC, "case_id" DESC) INCLUDE ("search_text");--> statement-breakpoint
CREATE INDEX "board_price_asc_idx" ON "board_entries" ("lowest_proposal_cents" ASC NULLS LAST, "created_at" DESC, "case_id" DESC) INCLUDE ("search_text");--> statement-breakpoint
CREATE INDEX "board_price_desc_idx" ON "board_entries" ("lowest_proposal_cents" DESC NULLS LAST, "created_at" DESC, "case_id" DESC) INCLUDE ("search_text");--> statement-breakpoint
CREATE INDEX "board_finished_idx" ON "board_entries" ("client_finished_cases" DESC, "created_at" DESC, "case_id" DESC) INCLUDE ("search_text");--> statement-breakpoint
CREATE INDEX "board_active_idx" ON "board_entries" ("client_active_cases" DESC, "created_at" DESC, "case_id" DESC) INCLUDE ("search_text");--> statement-breakpoint
CREATE INDEX "board_category_proposals_asc_idx" ON "board_entries" ("category", "proposals_count", "created_at" DESC, "case_id" DESC) INCLUDE ("search_text");--> statement-breakpoint
CREATE INDEX "board_category_price_asc_idx" ON "board_entries" ("category", "lowest_proposal_cents" ASC NULLS LAST, "created_at" DESC, "case_id" DESC) INCLUDE ("search_text");--> statement-breakpoint
CREATE INDEX "board_category_price_desc_idx" ON "board_entries" ("category", "lowest_proposal_cents" DESC NULLS LAST, "created_at" DESC, "case_id" DESC) INCLUDE ("search_text");--> statement-breakpoint
CREATE INDEX "board_category_finished_idx" ON "board_entries" ("category", "client_finished_cases" DESC, "created_at" DESC, "case_id" DESC) INCLUDE ("search_text");--> statement-breakpoint
CREATE INDEX "board_category_active_idx" ON "board_entries" ("category", "client_active_cases" DESC, "created_at" DESC, "case_id" DESC) INCLUDE ("search_text");--> statement-breakpoint
-- a row per published case and distinct word of its search text: one word's cases in each sort's order
CREATE TABLE "board_search_words" (
	"word" text COLLATE "C" NOT NULL,
	"case_id" uuid NOT NULL,
	"category" text NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"proposals_count" integer NOT NULL,
	"lowest_proposal_cents" integer,
	"client_finished_cases" integer NOT NULL,
	"client_active_cases" integer NOT NULL,
	CONSTRAINT "board_search_words_pk" PRIMARY KEY ("case_id", "word")
);--> statement-breakpoint
CREATE INDEX "board_search_words_recent_idx" ON "board_search_words" ("word", "created_at" DESC, "case_id" DESC) INCLUDE ("category", "search_text");--> statement-breakpoint
CREATE INDEX "board_search_words_proposals_asc_idx" ON "board_search_words" ("word", "proposals_count", "created_at" DESC, "case_id" DESC) INCLUDE ("category", "search_text");--> statement-breakpoint
CREATE INDEX "board_search_words_category_idx" ON "board_search_words" ("word", "category", "created_at" DESC, "case_id" DESC) INCLUDE ("search_text");--> statement-breakpoint
CREATE INDEX "board_search_words_price_asc_idx" ON "board_search_words" ("word", "lowest_proposal_cents" ASC NULLS LAST, "created_at" DESC, "case_id" DESC) INCLUDE ("category", "search_text");--> statement-breakpoint
CREATE INDEX "board_search_words_price_desc_idx" ON "board_search_words" ("word", "lowest_proposal_cents" DESC NULLS LAST, "created_at" DESC, "case_id" DESC) INCLUDE ("category", "search_text");--> statement-breakpoint
CREATE INDEX "board_search_words_finished_idx" ON "board_search_words" ("word", "client_finished_cases" DESC, "created_at" DESC, "case_id" DESC) INCLUDE ("category", "search_text");--> statement-breakpoint
CREATE INDEX "board_search_words_active_idx" ON "board_search_words" ("word", "client_active_cases" DESC, "created_at" DESC, "case_id" DESC) INCLUDE ("category", "search_text");--> statement-breakpoint
-- how many cases each word ('w:' || word) and each category ('f:' || category; 'f:' the whole board) has
CREATE TABLE "board_search_counts" (
	"key" text COLLATE "C" NOT NULL,
	"cases" integer NOT NULL,
	CONSTRAINT "board_search_counts_pk" PRIMARY KEY ("key") INCLUDE ("cases")
);--> statement-breakpoint
-- The word rows of these cases rebuilt from board_entries, and the counts moved by their net change in key
-- order (as docs/decisions/0032-search-counts-move-by-their-net-change.md does for the directory): `keys`
-- and `changes` bring the categories' moves the caller worked out from its transition tables.
CREATE FUNCTION board_search_refresh(ids uuid[], keys text[], changes int[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  moved text[];
BEGIN
  IF cardinality(ids) > 0 THEN
    WITH deleted AS (DELETE FROM board_search_words WHERE case_id = ANY (ids) RETURNING 'w:' || word AS key),
    grouped AS (SELECT key, -count(*)::int AS change FROM deleted GROUP BY key)
    SELECT keys || coalesce(array_agg(key), '{}'), changes || coalesce(array_agg(change), '{}')
      INTO keys, changes FROM grouped;
    WITH added AS (
      INSERT INTO board_search_words (word, case_id, category, search_text, created_at, proposals_count,
        lowest_proposal_cents, client_finished_cases, client_active_cases)
      SELECT w.word, e.case_id, e.category, e.search_text, e.created_at, e.proposals_count,
        e.lowest_proposal_cents, e.client_finished_cases, e.client_active_cases
      FROM board_entries e
      CROSS JOIN LATERAL (SELECT DISTINCT word FROM unnest(string_to_array(e.search_text, ' ')) AS word
        WHERE word <> '') w
      WHERE e.case_id = ANY (ids)
      RETURNING 'w:' || word AS key),
    grouped AS (SELECT key, count(*)::int AS change FROM added GROUP BY key)
    SELECT keys || coalesce(array_agg(key), '{}'), changes || coalesce(array_agg(change), '{}')
      INTO keys, changes FROM grouped;
  END IF;
  WITH net AS (
    SELECT key, sum(change)::int AS change FROM unnest(keys, changes) AS each_move(key, change)
    GROUP BY key HAVING sum(change) <> 0),
  upserted AS (
    INSERT INTO board_search_counts (key, cases)
      SELECT key, change FROM net ORDER BY key COLLATE "C"
    ON CONFLICT (key) DO UPDATE SET cases = board_search_counts.cases + excluded.cases
    RETURNING key)
  SELECT coalesce(array_agg(key), '{}') INTO moved FROM upserted;
  IF cardinality(moved) > 0 THEN
    DELETE FROM board_search_counts WHERE key = ANY (moved) AND cases = 0;
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION board_search_entries_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  facets text[] := ARRAY(SELECT f.key FROM new_entries
    CROSS JOIN LATERAL (VALUES ('f:' || category), ('f:')) AS f(key));
BEGIN
  PERFORM board_search_refresh(ARRAY(SELECT case_id FROM new_entries), facets,
    array_fill(1, ARRAY[cardinality(facets)]));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION board_search_entries_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  facets text[] := ARRAY(SELECT f.key FROM old_entries
    CROSS JOIN LATERAL (VALUES ('f:' || category), ('f:')) AS f(key));
BEGIN
  PERFORM board_search_refresh(ARRAY(SELECT case_id FROM old_entries), facets,
    array_fill(-1, ARRAY[cardinality(facets)]));
  RETURN NULL;
END $$;--> statement-breakpoint
-- A new category or search text rebuilds the case's word rows; a new figure (proposals, price, the client's
-- cases) or date only rewrites them in place, moving no count.
CREATE FUNCTION board_search_entries_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rebuilt uuid[] := ARRAY(SELECT n.case_id FROM new_entries n JOIN old_entries o ON o.case_id = n.case_id
    WHERE n.category <> o.category OR n.search_text <> o.search_text);
  -- the old category's count down, the new one's up
  left_facets text[] := ARRAY(SELECT 'f:' || o.category FROM new_entries n
    JOIN old_entries o ON o.case_id = n.case_id WHERE n.category <> o.category);
  joined_facets text[] := ARRAY(SELECT 'f:' || n.category FROM new_entries n
    JOIN old_entries o ON o.case_id = n.case_id WHERE n.category <> o.category);
BEGIN
  UPDATE board_search_words w SET created_at = n.created_at, proposals_count = n.proposals_count,
    lowest_proposal_cents = n.lowest_proposal_cents, client_finished_cases = n.client_finished_cases,
    client_active_cases = n.client_active_cases
  FROM new_entries n JOIN old_entries o ON o.case_id = n.case_id
  WHERE w.case_id = n.case_id AND n.category = o.category AND n.search_text = o.search_text
    AND (n.created_at, n.proposals_count, n.lowest_proposal_cents, n.client_finished_cases, n.client_active_cases)
      IS DISTINCT FROM (o.created_at, o.proposals_count, o.lowest_proposal_cents, o.client_finished_cases,
        o.client_active_cases);
  PERFORM board_search_refresh(rebuilt, left_facets || joined_facets,
    array_fill(-1, ARRAY[cardinality(left_facets)]) || array_fill(1, ARRAY[cardinality(joined_facets)]));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER board_search_entries_insert AFTER INSERT ON board_entries
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION board_search_entries_inserted();--> statement-breakpoint
CREATE TRIGGER board_search_entries_update AFTER UPDATE ON board_entries
  REFERENCING OLD TABLE AS old_entries NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION board_search_entries_updated();--> statement-breakpoint
CREATE TRIGGER board_search_entries_delete AFTER DELETE ON board_entries
  REFERENCING OLD TABLE AS old_entries FOR EACH STATEMENT EXECUTE FUNCTION board_search_entries_deleted();--> statement-breakpoint
-- the cases on the board now
SELECT board_search_refresh(ARRAY(SELECT case_id FROM board_entries),
  ARRAY(SELECT f.key FROM board_entries CROSS JOIN LATERAL (VALUES ('f:' || category), ('f:')) AS f(key)),
  ARRAY(SELECT 1 FROM board_entries CROSS JOIN LATERAL (VALUES (1), (1)) AS f(one)));--> statement-breakpoint
ANALYZE board_entries;--> statement-breakpoint
ANALYZE board_search_words;--> statement-breakpoint
ANALYZE board_search_counts;
