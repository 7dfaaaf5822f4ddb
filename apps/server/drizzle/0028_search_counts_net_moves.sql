-- The directory projection's counts move by their net change only, in key order, in one statement
-- (docs/decisions/0032-search-counts-move-by-their-net-change.md). A rating, a
-- finished case or a price rebuilds a lawyer's rows but moves no count: before, it took away and gave back
-- every count of the lawyer's ranges, 'f:|' (the whole directory) among them, so every payment, closure and
-- rating in L4L waited for the one before to commit, and two of them that locked the same counts in different
-- orders deadlocked (a 500 under load). Counts that do move are locked in one order, so writers that change
-- facets at once queue instead of deadlocking.
CREATE OR REPLACE FUNCTION lawyer_search_refresh(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  -- each key's change so far, as two arrays of the same length: what the rows taken away and the rows
  -- added move (a bulk insert of profiles is one pass, so one element per key, not per row)
  keys text[] := '{}';
  changes int[] := '{}';
  moved text[];
BEGIN
  IF cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  WITH deleted AS (DELETE FROM lawyer_search_words WHERE user_id = ANY (ids) RETURNING 'w:' || word AS key),
  grouped AS (SELECT key, -count(*)::int AS change FROM deleted GROUP BY key)
  SELECT keys || coalesce(array_agg(key), '{}'), changes || coalesce(array_agg(change), '{}')
    INTO keys, changes FROM grouped;
  WITH deleted AS (DELETE FROM lawyer_search WHERE user_id = ANY (ids)
      RETURNING 'f:' || category || '|' || province AS key),
  grouped AS (SELECT key, -count(*)::int AS change FROM deleted GROUP BY key)
  SELECT keys || coalesce(array_agg(key), '{}'), changes || coalesce(array_agg(change), '{}')
    INTO keys, changes FROM grouped;
  WITH added AS (
    INSERT INTO lawyer_search (category, province, user_id, rating_avg, rating_count, price_hour_cents,
      finished_cases, active_cases, first_visit_free, search_text)
    SELECT c.category, v.province, p.user_id, p.rating_avg, p.rating_count, p.price_hour_cents,
      p.finished_cases, p.active_cases, p.first_visit_free, p.search_text
    FROM lawyer_profiles p JOIN users u ON u.id = p.user_id
    CROSS JOIN LATERAL (SELECT DISTINCT unnest(array[''] || p.categories) AS category) c
    CROSS JOIN LATERAL (VALUES (p.province), ('')) v(province)
    WHERE p.user_id = ANY (ids) AND p.verified_at IS NOT NULL AND u.banned_at IS NULL
    RETURNING 'f:' || category || '|' || province AS key),
  grouped AS (SELECT key, count(*)::int AS change FROM added GROUP BY key)
  SELECT keys || coalesce(array_agg(key), '{}'), changes || coalesce(array_agg(change), '{}')
    INTO keys, changes FROM grouped;
  WITH added AS (
    INSERT INTO lawyer_search_words (word, user_id, categories, province, rating_avg, rating_count,
      price_hour_cents, finished_cases, active_cases, first_visit_free, search_text)
    SELECT w.word, p.user_id, p.categories, p.province, p.rating_avg, p.rating_count, p.price_hour_cents,
      p.finished_cases, p.active_cases, p.first_visit_free, p.search_text
    FROM lawyer_profiles p JOIN users u ON u.id = p.user_id
    CROSS JOIN LATERAL (SELECT DISTINCT word FROM unnest(string_to_array(p.search_text, ' ')) AS word
      WHERE word <> '') w
    WHERE p.user_id = ANY (ids) AND p.verified_at IS NOT NULL AND u.banned_at IS NULL
    RETURNING 'w:' || word AS key),
  grouped AS (SELECT key, count(*)::int AS change FROM added GROUP BY key)
  SELECT keys || coalesce(array_agg(key), '{}'), changes || coalesce(array_agg(change), '{}')
    INTO keys, changes FROM grouped;
  WITH net AS (
    SELECT key, sum(change)::int AS change FROM unnest(keys, changes) AS each_move(key, change)
    GROUP BY key HAVING sum(change) <> 0),
  upserted AS (
    INSERT INTO lawyer_search_counts (key, lawyers)
      SELECT key, change FROM net ORDER BY key COLLATE "C"
    ON CONFLICT (key) DO UPDATE SET lawyers = lawyer_search_counts.lawyers + excluded.lawyers
    RETURNING key)
  SELECT coalesce(array_agg(key), '{}') INTO moved FROM upserted;
  -- a word (a name) nobody listed has any more leaves no key behind (an erased account's name included)
  IF cardinality(moved) > 0 THEN
    DELETE FROM lawyer_search_counts WHERE key = ANY (moved) AND lawyers = 0;
  END IF;
END $$;
