-- Two words of a name searched together (docs/decisions/0040-name-pairs.md): a row per listed lawyer and
-- ordered pair of two different words of their name, 'sara torres' and 'torres sara', with what the filters
-- read, so that "sara torr" is the prefix range 'sara torr' of one index instead of every Sara's entries,
-- each tested for a word starting 'torr' (at a million lawyers 21,436 entries read to count 62). Words hold
-- letters and digits only, so the space ends the first word and a typed second word prefixes a range.
CREATE TABLE lawyer_search_pairs (
  pair text COLLATE "C" NOT NULL,
  user_id uuid NOT NULL,
  categories text[] NOT NULL,
  province text NOT NULL,
  rating_avg double precision NOT NULL,
  rating_count integer NOT NULL,
  price_hour_cents integer NOT NULL,
  finished_cases integer NOT NULL,
  active_cases integer NOT NULL,
  first_visit_free boolean NOT NULL,
  search_text text NOT NULL,
  -- a range is read whole and sorted (it holds the few lawyers whose name has both words), index-only
  CONSTRAINT lawyer_search_pairs_pk PRIMARY KEY (pair, user_id) INCLUDE (categories, province, rating_avg,
    rating_count, price_hour_cents, finished_cases, active_cases, first_visit_free, search_text)
);--> statement-breakpoint
-- The lawyers' pair rows from their word rows (lawyer_search_words, one per distinct word).
CREATE FUNCTION lawyer_search_pairs_of(ids uuid[]) RETURNS SETOF lawyer_search_pairs LANGUAGE sql STABLE AS $$
  SELECT a.word || ' ' || b.word, a.user_id, a.categories, a.province, a.rating_avg, a.rating_count,
    a.price_hour_cents, a.finished_cases, a.active_cases, a.first_visit_free, a.search_text
  FROM lawyer_search_words a JOIN lawyer_search_words b ON b.user_id = a.user_id AND b.word <> a.word
  WHERE a.user_id = ANY (ids)
$$;--> statement-breakpoint
-- lawyer_search_refresh (migration 0032), which the triggers call, keeps its body under another name and is
-- wrapped: the lawyers' pairs go with their old word rows and come back from the new ones, in the same
-- transaction. Each pair row is found by its key, so no other index is kept.
ALTER FUNCTION lawyer_search_refresh(uuid[]) RENAME TO lawyer_search_refresh_words;--> statement-breakpoint
CREATE FUNCTION lawyer_search_refresh(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lawyer_search_pairs p USING lawyer_search_pairs_of(ids) gone
    WHERE p.pair = gone.pair AND p.user_id = gone.user_id;
  PERFORM lawyer_search_refresh_words(ids);
  INSERT INTO lawyer_search_pairs SELECT * FROM lawyer_search_pairs_of(ids);
END $$;--> statement-breakpoint
-- the lawyers listed now
INSERT INTO lawyer_search_pairs SELECT * FROM lawyer_search_pairs_of(array(SELECT DISTINCT user_id FROM lawyer_search_words));--> statement-breakpoint
ANALYZE lawyer_search_pairs;
