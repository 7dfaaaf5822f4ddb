-- A word's lawyers in each category and in each province are counted too
-- (docs/decisions/0038-directory-reads-in-one-round-trip.md): 'c:' || category || '|'
-- || word and 'p:' || province || '|' || word, in a table of their own so that lawyer_search_counts stays the
-- few thousand rows the planner estimates its prefix ranges on. A bounded count of one typed word in
-- categories or in a province, with nothing else asked, is then answered from them when one is past the
-- limit (or, for one stored word, exactly) instead of reading the word's range: 'diaz' in Palencia read
-- 21,754 entries at a million lawyers to find 1,001. Words hold letters and digits only, so the '|' ends the
-- facet, and the stored words a typed word prefixes in one facet are a range of keys.
CREATE TABLE lawyer_search_counts_in_facets (
  key text COLLATE "C" NOT NULL,
  lawyers integer NOT NULL,
  CONSTRAINT lawyer_search_counts_in_facets_pk PRIMARY KEY (key) INCLUDE (lawyers)
);--> statement-breakpoint
-- the keys a row of lawyer_search_words counts in: its word in each of its categories and in its province
CREATE FUNCTION lawyer_search_facet_keys(word text, categories text[], province text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE AS $$
  SELECT 'c:' || c || '|' || word FROM (SELECT DISTINCT unnest(categories) AS c) AS each_category
  UNION ALL SELECT 'p:' || province || '|' || word
$$;--> statement-breakpoint
-- The rebuild of the rows and of lawyer_search_counts (migrations 0027, 0028) keeps its body under another
-- name; lawyer_search_refresh, which the triggers call, now wraps it and moves these counts by their net
-- change (ADR 0032): the keys of the lawyers' word rows after, less those before, summed per key, so a
-- price or a rating moves none, and the moved ones in key order, after lawyer_search_counts' (every writer
-- locks count rows in the same order: two queue, none deadlocks).
ALTER FUNCTION lawyer_search_refresh(uuid[]) RENAME TO lawyer_search_rebuild;--> statement-breakpoint
CREATE FUNCTION lawyer_search_refresh(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  before text[];
  moved text[];
BEGIN
  SELECT coalesce(array_agg(k.key), '{}') INTO before FROM lawyer_search_words w
    CROSS JOIN LATERAL lawyer_search_facet_keys(w.word, w.categories, w.province) k(key)
    WHERE w.user_id = ANY (ids);
  PERFORM lawyer_search_rebuild(ids);
  WITH moves AS (
    SELECT k.key, 1 AS change FROM lawyer_search_words w
      CROSS JOIN LATERAL lawyer_search_facet_keys(w.word, w.categories, w.province) k(key)
      WHERE w.user_id = ANY (ids)
    UNION ALL SELECT key, -1 FROM unnest(before) AS gone(key)),
  net AS (SELECT key, sum(change)::int AS change FROM moves GROUP BY key HAVING sum(change) <> 0),
  upserted AS (
    INSERT INTO lawyer_search_counts_in_facets (key, lawyers)
      SELECT key, change FROM net ORDER BY key COLLATE "C"
    ON CONFLICT (key) DO UPDATE SET lawyers = lawyer_search_counts_in_facets.lawyers + excluded.lawyers
    RETURNING key)
  SELECT coalesce(array_agg(key), '{}') INTO moved FROM upserted;
  -- a word nobody listed has in that facet any more leaves no key behind
  IF cardinality(moved) > 0 THEN
    DELETE FROM lawyer_search_counts_in_facets WHERE key = ANY (moved) AND lawyers = 0;
  END IF;
END $$;--> statement-breakpoint
-- the lawyers listed now
INSERT INTO lawyer_search_counts_in_facets (key, lawyers)
  SELECT k.key, count(*)::int FROM lawyer_search_words w
  CROSS JOIN LATERAL lawyer_search_facet_keys(w.word, w.categories, w.province) k(key)
  GROUP BY k.key ORDER BY k.key COLLATE "C";--> statement-breakpoint
ANALYZE lawyer_search_counts_in_facets;
