-- The directory's index in memory holds the whole card of each listed lawyer (docs/decisions/0042-directory-index-in-memory.md),
-- so a change to what a card shows is logged too, though it does not move the search projection: the
-- description, the public page's slug, the first consultation's price, the response time, the title, and
-- the account's name and photo. Each statement logs the lawyers it changed under the next version, as
-- lawyer_search_refresh does (migration 0034).
CREATE FUNCTION lawyer_search_log(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  taken bigint;
BEGIN
  IF cardinality(ids) > 0 THEN
    UPDATE lawyer_search_version SET version = version + 1 WHERE id = 1 RETURNING version INTO taken;
    INSERT INTO lawyer_search_changes VALUES (taken, CASE WHEN cardinality(ids) <= 10000 THEN ids END);
    DELETE FROM lawyer_search_changes WHERE version <= taken - 1000;
  END IF;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION lawyer_search_refresh(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lawyer_search_log(ids);
  PERFORM lawyer_search_refresh_rows(ids);
END $$;--> statement-breakpoint
CREATE FUNCTION lawyer_search_cards_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lawyer_search_log(ARRAY(
    SELECT n.user_id FROM new_profiles n JOIN old_profiles o ON o.user_id = n.user_id
    WHERE n.verified_at IS NOT NULL AND (n.description, n.slug, n.price_first_visit_cents, n.response_minutes,
      n.professional_title) IS DISTINCT FROM (o.description, o.slug, o.price_first_visit_cents,
      o.response_minutes, o.professional_title)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER lawyer_search_cards_update AFTER UPDATE ON lawyer_profiles
  REFERENCING OLD TABLE AS old_profiles NEW TABLE AS new_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION lawyer_search_cards_updated();--> statement-breakpoint
CREATE FUNCTION lawyer_search_accounts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lawyer_search_log(ARRAY(
    SELECT n.id FROM new_users n JOIN old_users o ON o.id = n.id
    WHERE n.role = 'ABOGADO' AND (n.name, n.surname, n.photo_url) IS DISTINCT FROM (o.name, o.surname, o.photo_url)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER lawyer_search_accounts_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_users NEW TABLE AS new_users
  FOR EACH STATEMENT EXECUTE FUNCTION lawyer_search_accounts_updated();
