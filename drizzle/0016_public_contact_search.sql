-- The public search holds only what the public sees of an owner (docs/product.md section 12):
-- an email or phone the owner hid is left out of the text, so nobody finds a property by it.
CREATE OR REPLACE FUNCTION refresh_property_search(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
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
                         o.user_name,
                         CASE WHEN o.show_email_publicly THEN o.email END,
                         CASE WHEN o.show_phone_publicly THEN o.phone END,
                         u.body))
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
CREATE OR REPLACE FUNCTION property_search_from_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only a change of the public contact touches the texts (not a password or a role).
  PERFORM refresh_property_search(ARRAY(
    SELECT p.id
    FROM new_rows n
    JOIN old_rows o ON o.id = n.id
    JOIN properties p ON p.user_id = n.id
    WHERE (n.user_name, n.email, n.phone, n.show_email_publicly, n.show_phone_publicly)
          IS DISTINCT FROM (o.user_name, o.email, o.phone, o.show_email_publicly, o.show_phone_publicly)));
  RETURN NULL;
END $$;
