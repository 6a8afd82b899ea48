-- The public search reads property_search.body (see property-search.table.ts). These
-- triggers keep it current whatever code path writes properties, units or an owner's
-- contact, and a trigram index lets ILIKE '%...%' find the matching rows without a scan.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "property_search_body_trgm_idx" ON "property_search" USING gin ("body" gin_trgm_ops);
--> statement-breakpoint
CREATE FUNCTION refresh_property_search(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Waits for another transaction refreshing the same properties to finish, so the next
  -- statement's snapshot includes its units and neither overwrites the other's text.
  PERFORM 1 FROM property_search WHERE property_id = ANY (ids)
    ORDER BY property_id FOR NO KEY UPDATE;
  -- U+001F separates the fields: a search never contains it (the API falls back to
  -- per-field matching when one does), so a match never spans two fields. The text is
  -- kept in lower case, as ILIKE compares (it lowers both sides), so a search is a plain
  -- LIKE that need not lower every text again; units' equal values are kept once.
  INSERT INTO property_search (property_id, body)
  SELECT p.id,
         lower(concat_ws(E'\x1f', p.name, p.address, p.city, p.state, p.zip_code, p.description,
                         o.user_name, o.email, o.phone, u.body))
  FROM properties p
  JOIN users o ON o.id = p.user_id
  LEFT JOIN LATERAL (
    SELECT string_agg(DISTINCT f.value, E'\x1f') AS body
    FROM units,
         LATERAL (VALUES (units.unit_number), (units.description), (units.bedrooms::text),
                         (units.bathrooms::text), (units.square_feet::text), (units.rent::text),
                         (units.status)) AS f(value)
    WHERE units.property_id = p.id AND f.value IS NOT NULL
  ) u ON true
  WHERE p.id = ANY (ids)
  ON CONFLICT (property_id) DO UPDATE SET body = excluded.body;
END $$;
--> statement-breakpoint
CREATE FUNCTION property_search_from_properties() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_property_search(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER property_search_properties_insert AFTER INSERT ON properties
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION property_search_from_properties();
--> statement-breakpoint
CREATE TRIGGER property_search_properties_update AFTER UPDATE ON properties
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION property_search_from_properties();
--> statement-breakpoint
CREATE FUNCTION property_search_from_units() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_property_search(ARRAY(SELECT DISTINCT property_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM refresh_property_search(
      ARRAY(SELECT property_id FROM new_rows UNION SELECT property_id FROM old_rows));
  ELSE
    PERFORM refresh_property_search(ARRAY(SELECT DISTINCT property_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER property_search_units_insert AFTER INSERT ON units
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION property_search_from_units();
--> statement-breakpoint
CREATE TRIGGER property_search_units_update AFTER UPDATE ON units
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION property_search_from_units();
--> statement-breakpoint
CREATE TRIGGER property_search_units_delete AFTER DELETE ON units
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION property_search_from_units();
--> statement-breakpoint
CREATE FUNCTION property_search_from_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only a change of the public contact touches the texts (not a password or a role).
  PERFORM refresh_property_search(ARRAY(
    SELECT p.id
    FROM new_rows n
    JOIN old_rows o ON o.id = n.id
    JOIN properties p ON p.user_id = n.id
    WHERE (n.user_name, n.email, n.phone) IS DISTINCT FROM (o.user_name, o.email, o.phone)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER property_search_users_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION property_search_from_users();
--> statement-breakpoint
SELECT refresh_property_search(ARRAY(SELECT id FROM properties));
