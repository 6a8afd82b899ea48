-- portfolio_revisions.revision: raised for the landlord owning every row that a statement
-- inserts, updates or deletes in the tables their dashboard reads, and for a user whose
-- public contact changes. Triggers keep it right whatever code path writes. A row that
-- can no longer be traced to its landlord (its property deleted in the same statement) is
-- covered by the property's own trigger.
CREATE FUNCTION bump_portfolio_revisions(ids integer[]) RETURNS void LANGUAGE sql AS $$
  -- In id order, so two transactions touching the same landlords lock them in one order.
  INSERT INTO portfolio_revisions (user_id)
  SELECT DISTINCT id FROM unnest(ids) AS id WHERE id IS NOT NULL ORDER BY id
  ON CONFLICT (user_id) DO UPDATE SET revision = portfolio_revisions.revision + 1;
$$;
--> statement-breakpoint
CREATE FUNCTION portfolio_revision_from_properties() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_portfolio_revisions(ARRAY(SELECT r.user_id FROM new_rows r));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM bump_portfolio_revisions(ARRAY(SELECT r.user_id FROM new_rows r
      UNION SELECT r.user_id FROM old_rows r));
  ELSE
    PERFORM bump_portfolio_revisions(ARRAY(SELECT r.user_id FROM old_rows r));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER portfolio_revision_properties_insert AFTER INSERT ON properties
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION portfolio_revision_from_properties();
--> statement-breakpoint
CREATE TRIGGER portfolio_revision_properties_update AFTER UPDATE ON properties
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION portfolio_revision_from_properties();
--> statement-breakpoint
CREATE TRIGGER portfolio_revision_properties_delete AFTER DELETE ON properties
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION portfolio_revision_from_properties();
--> statement-breakpoint
CREATE FUNCTION portfolio_revision_from_units() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_portfolio_revisions(ARRAY(SELECT p.user_id FROM new_rows r JOIN properties p ON p.id = r.property_id));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM bump_portfolio_revisions(ARRAY(SELECT p.user_id FROM new_rows r JOIN properties p ON p.id = r.property_id
      UNION SELECT p.user_id FROM old_rows r JOIN properties p ON p.id = r.property_id));
  ELSE
    PERFORM bump_portfolio_revisions(ARRAY(SELECT p.user_id FROM old_rows r JOIN properties p ON p.id = r.property_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER portfolio_revision_units_insert AFTER INSERT ON units
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION portfolio_revision_from_units();
--> statement-breakpoint
CREATE TRIGGER portfolio_revision_units_update AFTER UPDATE ON units
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION portfolio_revision_from_units();
--> statement-breakpoint
CREATE TRIGGER portfolio_revision_units_delete AFTER DELETE ON units
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION portfolio_revision_from_units();
--> statement-breakpoint
CREATE FUNCTION portfolio_revision_from_staff() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_portfolio_revisions(ARRAY(SELECT p.user_id FROM new_rows r JOIN properties p ON p.id = r.property_id));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM bump_portfolio_revisions(ARRAY(SELECT p.user_id FROM new_rows r JOIN properties p ON p.id = r.property_id
      UNION SELECT p.user_id FROM old_rows r JOIN properties p ON p.id = r.property_id));
  ELSE
    PERFORM bump_portfolio_revisions(ARRAY(SELECT p.user_id FROM old_rows r JOIN properties p ON p.id = r.property_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER portfolio_revision_staff_insert AFTER INSERT ON staff
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION portfolio_revision_from_staff();
--> statement-breakpoint
CREATE TRIGGER portfolio_revision_staff_update AFTER UPDATE ON staff
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION portfolio_revision_from_staff();
--> statement-breakpoint
CREATE TRIGGER portfolio_revision_staff_delete AFTER DELETE ON staff
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION portfolio_revision_from_staff();
--> statement-breakpoint
CREATE FUNCTION portfolio_revision_from_tenants() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_portfolio_revisions(ARRAY(SELECT p.user_id FROM new_rows r JOIN units u ON u.id = r.unit_id JOIN properties p ON p.id = u.property_id));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM bump_portfolio_revisions(ARRAY(SELECT p.user_id FROM new_rows r JOIN units u ON u.id = r.unit_id JOIN properties p ON p.id = u.property_id
      UNION SELECT p.user_id FROM old_rows r JOIN units u ON u.id = r.unit_id JOIN properties p ON p.id = u.property_id));
  ELSE
    PERFORM bump_portfolio_revisions(ARRAY(SELECT p.user_id FROM old_rows r JOIN units u ON u.id = r.unit_id JOIN properties p ON p.id = u.property_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER portfolio_revision_tenants_insert AFTER INSERT ON tenants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION portfolio_revision_from_tenants();
--> statement-breakpoint
CREATE TRIGGER portfolio_revision_tenants_update AFTER UPDATE ON tenants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION portfolio_revision_from_tenants();
--> statement-breakpoint
CREATE TRIGGER portfolio_revision_tenants_delete AFTER DELETE ON tenants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION portfolio_revision_from_tenants();
--> statement-breakpoint
CREATE FUNCTION portfolio_revision_from_rental_applications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_portfolio_revisions(ARRAY(SELECT p.user_id FROM new_rows r JOIN units u ON u.id = r.unit_id JOIN properties p ON p.id = u.property_id));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM bump_portfolio_revisions(ARRAY(SELECT p.user_id FROM new_rows r JOIN units u ON u.id = r.unit_id JOIN properties p ON p.id = u.property_id
      UNION SELECT p.user_id FROM old_rows r JOIN units u ON u.id = r.unit_id JOIN properties p ON p.id = u.property_id));
  ELSE
    PERFORM bump_portfolio_revisions(ARRAY(SELECT p.user_id FROM old_rows r JOIN units u ON u.id = r.unit_id JOIN properties p ON p.id = u.property_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER portfolio_revision_rental_applications_insert AFTER INSERT ON rental_applications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION portfolio_revision_from_rental_applications();
--> statement-breakpoint
CREATE TRIGGER portfolio_revision_rental_applications_update AFTER UPDATE ON rental_applications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION portfolio_revision_from_rental_applications();
--> statement-breakpoint
CREATE TRIGGER portfolio_revision_rental_applications_delete AFTER DELETE ON rental_applications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION portfolio_revision_from_rental_applications();
--> statement-breakpoint
CREATE FUNCTION portfolio_revision_from_leases() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_portfolio_revisions(ARRAY(SELECT p.user_id FROM new_rows r JOIN tenants t ON t.id = r.tenant_id JOIN units u ON u.id = t.unit_id JOIN properties p ON p.id = u.property_id));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM bump_portfolio_revisions(ARRAY(SELECT p.user_id FROM new_rows r JOIN tenants t ON t.id = r.tenant_id JOIN units u ON u.id = t.unit_id JOIN properties p ON p.id = u.property_id
      UNION SELECT p.user_id FROM old_rows r JOIN tenants t ON t.id = r.tenant_id JOIN units u ON u.id = t.unit_id JOIN properties p ON p.id = u.property_id));
  ELSE
    PERFORM bump_portfolio_revisions(ARRAY(SELECT p.user_id FROM old_rows r JOIN tenants t ON t.id = r.tenant_id JOIN units u ON u.id = t.unit_id JOIN properties p ON p.id = u.property_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER portfolio_revision_leases_insert AFTER INSERT ON leases
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION portfolio_revision_from_leases();
--> statement-breakpoint
CREATE TRIGGER portfolio_revision_leases_update AFTER UPDATE ON leases
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION portfolio_revision_from_leases();
--> statement-breakpoint
CREATE TRIGGER portfolio_revision_leases_delete AFTER DELETE ON leases
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION portfolio_revision_from_leases();
--> statement-breakpoint
CREATE FUNCTION portfolio_revision_from_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The dashboard shows a landlord's user name, email and phone as an owner contact; a
  -- password or role change leaves it as it was.
  PERFORM bump_portfolio_revisions(ARRAY(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.user_name, n.email, n.phone) IS DISTINCT FROM (o.user_name, o.email, o.phone)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER portfolio_revision_users_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION portfolio_revision_from_users();
