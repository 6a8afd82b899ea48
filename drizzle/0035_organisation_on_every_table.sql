-- Every table of an organisation's data carries organisation_id itself (decision 0030), so the
-- schema can be distributed by organisation. First the columns, empty.
--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "organisation_id" integer;
--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "organisation_id" integer;
--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "organisation_id" integer;
--> statement-breakpoint
ALTER TABLE "recurring_expenses" ADD COLUMN "organisation_id" integer;
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "organisation_id" integer;
--> statement-breakpoint
ALTER TABLE "leases" ADD COLUMN "organisation_id" integer;
--> statement-breakpoint
ALTER TABLE "rental_applications" ADD COLUMN "organisation_id" integer;
--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "organisation_id" integer;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "organisation_id" integer;
--> statement-breakpoint
ALTER TABLE "lease_recurring_charges" ADD COLUMN "organisation_id" integer;
--> statement-breakpoint
ALTER TABLE "deposit_transactions" ADD COLUMN "organisation_id" integer;
--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD COLUMN "organisation_id" integer;
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "organisation_id" integer;
--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "organisation_id" integer;
--> statement-breakpoint
ALTER TABLE "work_order_notes" ADD COLUMN "organisation_id" integer;
--> statement-breakpoint
ALTER TABLE "work_order_photos" ADD COLUMN "organisation_id" integer;
--> statement-breakpoint
ALTER TABLE "expense_receipts" ADD COLUMN "organisation_id" integer;
--> statement-breakpoint
ALTER TABLE "bank_lines" ADD COLUMN "organisation_id" integer;
--> statement-breakpoint
ALTER TABLE "bank_balances" ADD COLUMN "organisation_id" integer;
--> statement-breakpoint
ALTER TABLE "bank_line_rejections" ADD COLUMN "organisation_id" integer;
--> statement-breakpoint
ALTER TABLE "member_properties" ADD COLUMN "organisation_id" integer;
--> statement-breakpoint
ALTER TABLE "member_invitation_properties" ADD COLUMN "organisation_id" integer;
--> statement-breakpoint
ALTER TABLE "property_search" ADD COLUMN "organisation_id" integer;
--> statement-breakpoint
ALTER TABLE "books_month_totals" ADD COLUMN "organisation_id" integer;
--> statement-breakpoint
ALTER TABLE "books_year_totals" ADD COLUMN "organisation_id" integer;
--> statement-breakpoint
-- Filled from the parent row, parents first. The tables' own triggers (updated_at, append-only
-- refusals, totals, revisions) stay off while the column is filled: no record changes but it.
--> statement-breakpoint
ALTER TABLE "units" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "units" c SET "organisation_id" = p.organisation_id FROM "properties" p WHERE p.id = c.property_id;
--> statement-breakpoint
ALTER TABLE "units" ENABLE TRIGGER USER;
--> statement-breakpoint
ALTER TABLE "staff" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "staff" c SET "organisation_id" = p.organisation_id FROM "properties" p WHERE p.id = c.property_id;
--> statement-breakpoint
ALTER TABLE "staff" ENABLE TRIGGER USER;
--> statement-breakpoint
ALTER TABLE "expenses" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "expenses" c SET "organisation_id" = p.organisation_id FROM "properties" p WHERE p.id = c.property_id;
--> statement-breakpoint
ALTER TABLE "expenses" ENABLE TRIGGER USER;
--> statement-breakpoint
ALTER TABLE "recurring_expenses" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "recurring_expenses" c SET "organisation_id" = p.organisation_id FROM "properties" p WHERE p.id = c.property_id;
--> statement-breakpoint
ALTER TABLE "recurring_expenses" ENABLE TRIGGER USER;
--> statement-breakpoint
ALTER TABLE "tenants" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "tenants" c SET "organisation_id" = p.organisation_id FROM "units" p WHERE p.id = c.unit_id;
--> statement-breakpoint
ALTER TABLE "tenants" ENABLE TRIGGER USER;
--> statement-breakpoint
ALTER TABLE "leases" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "leases" c SET "organisation_id" = p.organisation_id FROM "units" p WHERE p.id = c.unit_id;
--> statement-breakpoint
ALTER TABLE "leases" ENABLE TRIGGER USER;
--> statement-breakpoint
ALTER TABLE "rental_applications" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "rental_applications" c SET "organisation_id" = p.organisation_id FROM "units" p WHERE p.id = c.unit_id;
--> statement-breakpoint
ALTER TABLE "rental_applications" ENABLE TRIGGER USER;
--> statement-breakpoint
ALTER TABLE "work_orders" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "work_orders" c SET "organisation_id" = p.organisation_id FROM "units" p WHERE p.id = c.unit_id;
--> statement-breakpoint
ALTER TABLE "work_orders" ENABLE TRIGGER USER;
--> statement-breakpoint
ALTER TABLE "ledger_entries" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "ledger_entries" c SET "organisation_id" = p.organisation_id FROM "leases" p WHERE p.id = c.lease_id;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ENABLE TRIGGER USER;
--> statement-breakpoint
ALTER TABLE "lease_recurring_charges" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "lease_recurring_charges" c SET "organisation_id" = p.organisation_id FROM "leases" p WHERE p.id = c.lease_id;
--> statement-breakpoint
ALTER TABLE "lease_recurring_charges" ENABLE TRIGGER USER;
--> statement-breakpoint
ALTER TABLE "deposit_transactions" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "deposit_transactions" c SET "organisation_id" = p.organisation_id FROM "leases" p WHERE p.id = c.lease_id;
--> statement-breakpoint
ALTER TABLE "deposit_transactions" ENABLE TRIGGER USER;
--> statement-breakpoint
ALTER TABLE "deposit_settlements" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "deposit_settlements" c SET "organisation_id" = p.organisation_id FROM "leases" p WHERE p.id = c.lease_id;
--> statement-breakpoint
ALTER TABLE "deposit_settlements" ENABLE TRIGGER USER;
--> statement-breakpoint
ALTER TABLE "checkout_sessions" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "checkout_sessions" c SET "organisation_id" = p.organisation_id FROM "leases" p WHERE p.id = c.lease_id;
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ENABLE TRIGGER USER;
--> statement-breakpoint
ALTER TABLE "invitations" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "invitations" i SET "organisation_id" = coalesce(
  (SELECT t.organisation_id FROM "tenants" t WHERE t.id = i.tenant_id),
  (SELECT s.organisation_id FROM "staff" s WHERE s.id = i.staff_id));
--> statement-breakpoint
ALTER TABLE "invitations" ENABLE TRIGGER USER;
--> statement-breakpoint
ALTER TABLE "work_order_notes" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "work_order_notes" c SET "organisation_id" = p.organisation_id FROM "work_orders" p WHERE p.id = c.work_order_id;
--> statement-breakpoint
ALTER TABLE "work_order_notes" ENABLE TRIGGER USER;
--> statement-breakpoint
ALTER TABLE "work_order_photos" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "work_order_photos" c SET "organisation_id" = p.organisation_id FROM "work_orders" p WHERE p.id = c.work_order_id;
--> statement-breakpoint
ALTER TABLE "work_order_photos" ENABLE TRIGGER USER;
--> statement-breakpoint
ALTER TABLE "expense_receipts" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "expense_receipts" c SET "organisation_id" = p.organisation_id FROM "expenses" p WHERE p.id = c.expense_id;
--> statement-breakpoint
ALTER TABLE "expense_receipts" ENABLE TRIGGER USER;
--> statement-breakpoint
ALTER TABLE "bank_lines" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "bank_lines" c SET "organisation_id" = p.organisation_id FROM "bank_accounts" p WHERE p.id = c.account_id;
--> statement-breakpoint
ALTER TABLE "bank_lines" ENABLE TRIGGER USER;
--> statement-breakpoint
ALTER TABLE "bank_balances" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "bank_balances" c SET "organisation_id" = p.organisation_id FROM "bank_accounts" p WHERE p.id = c.account_id;
--> statement-breakpoint
ALTER TABLE "bank_balances" ENABLE TRIGGER USER;
--> statement-breakpoint
ALTER TABLE "bank_line_rejections" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "bank_line_rejections" c SET "organisation_id" = p.organisation_id FROM "bank_lines" p WHERE p.id = c.line_id;
--> statement-breakpoint
ALTER TABLE "bank_line_rejections" ENABLE TRIGGER USER;
--> statement-breakpoint
ALTER TABLE "member_properties" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "member_properties" c SET "organisation_id" = p.organisation_id FROM "organisation_members" p WHERE p.id = c.member_id;
--> statement-breakpoint
ALTER TABLE "member_properties" ENABLE TRIGGER USER;
--> statement-breakpoint
ALTER TABLE "member_invitation_properties" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "member_invitation_properties" c SET "organisation_id" = p.organisation_id FROM "member_invitations" p WHERE p.id = c.invitation_id;
--> statement-breakpoint
ALTER TABLE "member_invitation_properties" ENABLE TRIGGER USER;
--> statement-breakpoint
ALTER TABLE "property_search" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "property_search" c SET "organisation_id" = p.organisation_id FROM "properties" p WHERE p.id = c.property_id;
--> statement-breakpoint
ALTER TABLE "property_search" ENABLE TRIGGER USER;
--> statement-breakpoint
ALTER TABLE "books_month_totals" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "books_month_totals" c SET "organisation_id" = p.organisation_id FROM "properties" p WHERE p.id = c.property_id;
--> statement-breakpoint
ALTER TABLE "books_month_totals" ENABLE TRIGGER USER;
--> statement-breakpoint
ALTER TABLE "books_year_totals" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "books_year_totals" c SET "organisation_id" = p.organisation_id FROM "properties" p WHERE p.id = c.property_id;
--> statement-breakpoint
ALTER TABLE "books_year_totals" ENABLE TRIGGER USER;
--> statement-breakpoint
-- Any trigger work the updates queued runs now: a table with pending trigger events cannot be altered.
SET CONSTRAINTS ALL IMMEDIATE;
--> statement-breakpoint
ALTER TABLE "units" ALTER COLUMN "organisation_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "staff" ALTER COLUMN "organisation_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "expenses" ALTER COLUMN "organisation_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "recurring_expenses" ALTER COLUMN "organisation_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "tenants" ALTER COLUMN "organisation_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "leases" ALTER COLUMN "organisation_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "rental_applications" ALTER COLUMN "organisation_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "work_orders" ALTER COLUMN "organisation_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "organisation_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "lease_recurring_charges" ALTER COLUMN "organisation_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "deposit_transactions" ALTER COLUMN "organisation_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "deposit_settlements" ALTER COLUMN "organisation_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ALTER COLUMN "organisation_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "invitations" ALTER COLUMN "organisation_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "work_order_notes" ALTER COLUMN "organisation_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "work_order_photos" ALTER COLUMN "organisation_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "expense_receipts" ALTER COLUMN "organisation_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "bank_lines" ALTER COLUMN "organisation_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "bank_balances" ALTER COLUMN "organisation_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "bank_line_rejections" ALTER COLUMN "organisation_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "member_properties" ALTER COLUMN "organisation_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "member_invitation_properties" ALTER COLUMN "organisation_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "property_search" ALTER COLUMN "organisation_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "books_month_totals" ALTER COLUMN "organisation_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "books_year_totals" ALTER COLUMN "organisation_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "recurring_expenses" ADD CONSTRAINT "recurring_expenses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "leases" ADD CONSTRAINT "leases_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "rental_applications" ADD CONSTRAINT "rental_applications_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "lease_recurring_charges" ADD CONSTRAINT "lease_recurring_charges_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "deposit_transactions" ADD CONSTRAINT "deposit_transactions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD CONSTRAINT "deposit_settlements_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "work_order_notes" ADD CONSTRAINT "work_order_notes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "work_order_photos" ADD CONSTRAINT "work_order_photos_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "expense_receipts" ADD CONSTRAINT "expense_receipts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bank_balances" ADD CONSTRAINT "bank_balances_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bank_line_rejections" ADD CONSTRAINT "bank_line_rejections_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "member_properties" ADD CONSTRAINT "member_properties_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "member_invitation_properties" ADD CONSTRAINT "member_invitation_properties_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- A row's organisation is its parent's: filled from the parent when an insert leaves it out,
-- and a value, or a new parent, of another organisation is refused. One lookup of the parent by
-- its primary key per row written; an update that sets neither column costs nothing.
-- A missing parent is the foreign key's error, as it was before the column.
--> statement-breakpoint
CREATE FUNCTION units_organisation_from_parent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_organisation integer;
BEGIN
  SELECT organisation_id INTO parent_organisation FROM properties WHERE id = NEW.property_id;
  IF parent_organisation IS NULL THEN
    RAISE EXCEPTION 'units: no properties row %', NEW.property_id
      USING ERRCODE = 'foreign_key_violation', TABLE = 'units';
  END IF;
  IF NEW.organisation_id IS NULL THEN
    NEW.organisation_id := parent_organisation;
  ELSIF NEW.organisation_id <> parent_organisation THEN
    RAISE EXCEPTION 'units: organisation % is not its properties row''s (%)', NEW.organisation_id, parent_organisation
      USING ERRCODE = 'check_violation', TABLE = 'units', CONSTRAINT = 'units_organisation_is_parents';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER units_organisation BEFORE INSERT OR UPDATE OF organisation_id, property_id ON units
  FOR EACH ROW EXECUTE FUNCTION units_organisation_from_parent();
--> statement-breakpoint
CREATE FUNCTION staff_organisation_from_parent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_organisation integer;
BEGIN
  SELECT organisation_id INTO parent_organisation FROM properties WHERE id = NEW.property_id;
  IF parent_organisation IS NULL THEN
    RAISE EXCEPTION 'staff: no properties row %', NEW.property_id
      USING ERRCODE = 'foreign_key_violation', TABLE = 'staff';
  END IF;
  IF NEW.organisation_id IS NULL THEN
    NEW.organisation_id := parent_organisation;
  ELSIF NEW.organisation_id <> parent_organisation THEN
    RAISE EXCEPTION 'staff: organisation % is not its properties row''s (%)', NEW.organisation_id, parent_organisation
      USING ERRCODE = 'check_violation', TABLE = 'staff', CONSTRAINT = 'staff_organisation_is_parents';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER staff_organisation BEFORE INSERT OR UPDATE OF organisation_id, property_id ON staff
  FOR EACH ROW EXECUTE FUNCTION staff_organisation_from_parent();
--> statement-breakpoint
CREATE FUNCTION expenses_organisation_from_parent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_organisation integer;
BEGIN
  SELECT organisation_id INTO parent_organisation FROM properties WHERE id = NEW.property_id;
  IF parent_organisation IS NULL THEN
    RAISE EXCEPTION 'expenses: no properties row %', NEW.property_id
      USING ERRCODE = 'foreign_key_violation', TABLE = 'expenses';
  END IF;
  IF NEW.organisation_id IS NULL THEN
    NEW.organisation_id := parent_organisation;
  ELSIF NEW.organisation_id <> parent_organisation THEN
    RAISE EXCEPTION 'expenses: organisation % is not its properties row''s (%)', NEW.organisation_id, parent_organisation
      USING ERRCODE = 'check_violation', TABLE = 'expenses', CONSTRAINT = 'expenses_organisation_is_parents';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER expenses_organisation BEFORE INSERT OR UPDATE OF organisation_id, property_id ON expenses
  FOR EACH ROW EXECUTE FUNCTION expenses_organisation_from_parent();
--> statement-breakpoint
CREATE FUNCTION recurring_expenses_organisation_from_parent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_organisation integer;
BEGIN
  SELECT organisation_id INTO parent_organisation FROM properties WHERE id = NEW.property_id;
  IF parent_organisation IS NULL THEN
    RAISE EXCEPTION 'recurring_expenses: no properties row %', NEW.property_id
      USING ERRCODE = 'foreign_key_violation', TABLE = 'recurring_expenses';
  END IF;
  IF NEW.organisation_id IS NULL THEN
    NEW.organisation_id := parent_organisation;
  ELSIF NEW.organisation_id <> parent_organisation THEN
    RAISE EXCEPTION 'recurring_expenses: organisation % is not its properties row''s (%)', NEW.organisation_id, parent_organisation
      USING ERRCODE = 'check_violation', TABLE = 'recurring_expenses', CONSTRAINT = 'recurring_expenses_organisation_is_parents';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER recurring_expenses_organisation BEFORE INSERT OR UPDATE OF organisation_id, property_id ON recurring_expenses
  FOR EACH ROW EXECUTE FUNCTION recurring_expenses_organisation_from_parent();
--> statement-breakpoint
CREATE FUNCTION tenants_organisation_from_parent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_organisation integer;
BEGIN
  SELECT organisation_id INTO parent_organisation FROM units WHERE id = NEW.unit_id;
  IF parent_organisation IS NULL THEN
    RAISE EXCEPTION 'tenants: no units row %', NEW.unit_id
      USING ERRCODE = 'foreign_key_violation', TABLE = 'tenants';
  END IF;
  IF NEW.organisation_id IS NULL THEN
    NEW.organisation_id := parent_organisation;
  ELSIF NEW.organisation_id <> parent_organisation THEN
    RAISE EXCEPTION 'tenants: organisation % is not its units row''s (%)', NEW.organisation_id, parent_organisation
      USING ERRCODE = 'check_violation', TABLE = 'tenants', CONSTRAINT = 'tenants_organisation_is_parents';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER tenants_organisation BEFORE INSERT OR UPDATE OF organisation_id, unit_id ON tenants
  FOR EACH ROW EXECUTE FUNCTION tenants_organisation_from_parent();
--> statement-breakpoint
CREATE FUNCTION leases_organisation_from_parent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_organisation integer;
BEGIN
  SELECT organisation_id INTO parent_organisation FROM units WHERE id = NEW.unit_id;
  IF parent_organisation IS NULL THEN
    RAISE EXCEPTION 'leases: no units row %', NEW.unit_id
      USING ERRCODE = 'foreign_key_violation', TABLE = 'leases';
  END IF;
  IF NEW.organisation_id IS NULL THEN
    NEW.organisation_id := parent_organisation;
  ELSIF NEW.organisation_id <> parent_organisation THEN
    RAISE EXCEPTION 'leases: organisation % is not its units row''s (%)', NEW.organisation_id, parent_organisation
      USING ERRCODE = 'check_violation', TABLE = 'leases', CONSTRAINT = 'leases_organisation_is_parents';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER leases_organisation BEFORE INSERT OR UPDATE OF organisation_id, unit_id ON leases
  FOR EACH ROW EXECUTE FUNCTION leases_organisation_from_parent();
--> statement-breakpoint
CREATE FUNCTION rental_applications_organisation_from_parent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_organisation integer;
BEGIN
  SELECT organisation_id INTO parent_organisation FROM units WHERE id = NEW.unit_id;
  IF parent_organisation IS NULL THEN
    RAISE EXCEPTION 'rental_applications: no units row %', NEW.unit_id
      USING ERRCODE = 'foreign_key_violation', TABLE = 'rental_applications';
  END IF;
  IF NEW.organisation_id IS NULL THEN
    NEW.organisation_id := parent_organisation;
  ELSIF NEW.organisation_id <> parent_organisation THEN
    RAISE EXCEPTION 'rental_applications: organisation % is not its units row''s (%)', NEW.organisation_id, parent_organisation
      USING ERRCODE = 'check_violation', TABLE = 'rental_applications', CONSTRAINT = 'rental_applications_organisation_is_parents';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER rental_applications_organisation BEFORE INSERT OR UPDATE OF organisation_id, unit_id ON rental_applications
  FOR EACH ROW EXECUTE FUNCTION rental_applications_organisation_from_parent();
--> statement-breakpoint
CREATE FUNCTION work_orders_organisation_from_parent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_organisation integer;
BEGIN
  SELECT organisation_id INTO parent_organisation FROM units WHERE id = NEW.unit_id;
  IF parent_organisation IS NULL THEN
    RAISE EXCEPTION 'work_orders: no units row %', NEW.unit_id
      USING ERRCODE = 'foreign_key_violation', TABLE = 'work_orders';
  END IF;
  IF NEW.organisation_id IS NULL THEN
    NEW.organisation_id := parent_organisation;
  ELSIF NEW.organisation_id <> parent_organisation THEN
    RAISE EXCEPTION 'work_orders: organisation % is not its units row''s (%)', NEW.organisation_id, parent_organisation
      USING ERRCODE = 'check_violation', TABLE = 'work_orders', CONSTRAINT = 'work_orders_organisation_is_parents';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER work_orders_organisation BEFORE INSERT OR UPDATE OF organisation_id, unit_id ON work_orders
  FOR EACH ROW EXECUTE FUNCTION work_orders_organisation_from_parent();
--> statement-breakpoint
CREATE FUNCTION ledger_entries_organisation_from_parent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_organisation integer;
BEGIN
  SELECT organisation_id INTO parent_organisation FROM leases WHERE id = NEW.lease_id;
  IF parent_organisation IS NULL THEN
    RAISE EXCEPTION 'ledger_entries: no leases row %', NEW.lease_id
      USING ERRCODE = 'foreign_key_violation', TABLE = 'ledger_entries';
  END IF;
  IF NEW.organisation_id IS NULL THEN
    NEW.organisation_id := parent_organisation;
  ELSIF NEW.organisation_id <> parent_organisation THEN
    RAISE EXCEPTION 'ledger_entries: organisation % is not its leases row''s (%)', NEW.organisation_id, parent_organisation
      USING ERRCODE = 'check_violation', TABLE = 'ledger_entries', CONSTRAINT = 'ledger_entries_organisation_is_parents';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_organisation BEFORE INSERT OR UPDATE OF organisation_id, lease_id ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_organisation_from_parent();
--> statement-breakpoint
CREATE FUNCTION lease_recurring_charges_organisation_from_parent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_organisation integer;
BEGIN
  SELECT organisation_id INTO parent_organisation FROM leases WHERE id = NEW.lease_id;
  IF parent_organisation IS NULL THEN
    RAISE EXCEPTION 'lease_recurring_charges: no leases row %', NEW.lease_id
      USING ERRCODE = 'foreign_key_violation', TABLE = 'lease_recurring_charges';
  END IF;
  IF NEW.organisation_id IS NULL THEN
    NEW.organisation_id := parent_organisation;
  ELSIF NEW.organisation_id <> parent_organisation THEN
    RAISE EXCEPTION 'lease_recurring_charges: organisation % is not its leases row''s (%)', NEW.organisation_id, parent_organisation
      USING ERRCODE = 'check_violation', TABLE = 'lease_recurring_charges', CONSTRAINT = 'lease_recurring_charges_organisation_is_parents';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER lease_recurring_charges_organisation BEFORE INSERT OR UPDATE OF organisation_id, lease_id ON lease_recurring_charges
  FOR EACH ROW EXECUTE FUNCTION lease_recurring_charges_organisation_from_parent();
--> statement-breakpoint
CREATE FUNCTION deposit_transactions_organisation_from_parent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_organisation integer;
BEGIN
  SELECT organisation_id INTO parent_organisation FROM leases WHERE id = NEW.lease_id;
  IF parent_organisation IS NULL THEN
    RAISE EXCEPTION 'deposit_transactions: no leases row %', NEW.lease_id
      USING ERRCODE = 'foreign_key_violation', TABLE = 'deposit_transactions';
  END IF;
  IF NEW.organisation_id IS NULL THEN
    NEW.organisation_id := parent_organisation;
  ELSIF NEW.organisation_id <> parent_organisation THEN
    RAISE EXCEPTION 'deposit_transactions: organisation % is not its leases row''s (%)', NEW.organisation_id, parent_organisation
      USING ERRCODE = 'check_violation', TABLE = 'deposit_transactions', CONSTRAINT = 'deposit_transactions_organisation_is_parents';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER deposit_transactions_organisation BEFORE INSERT OR UPDATE OF organisation_id, lease_id ON deposit_transactions
  FOR EACH ROW EXECUTE FUNCTION deposit_transactions_organisation_from_parent();
--> statement-breakpoint
CREATE FUNCTION deposit_settlements_organisation_from_parent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_organisation integer;
BEGIN
  SELECT organisation_id INTO parent_organisation FROM leases WHERE id = NEW.lease_id;
  IF parent_organisation IS NULL THEN
    RAISE EXCEPTION 'deposit_settlements: no leases row %', NEW.lease_id
      USING ERRCODE = 'foreign_key_violation', TABLE = 'deposit_settlements';
  END IF;
  IF NEW.organisation_id IS NULL THEN
    NEW.organisation_id := parent_organisation;
  ELSIF NEW.organisation_id <> parent_organisation THEN
    RAISE EXCEPTION 'deposit_settlements: organisation % is not its leases row''s (%)', NEW.organisation_id, parent_organisation
      USING ERRCODE = 'check_violation', TABLE = 'deposit_settlements', CONSTRAINT = 'deposit_settlements_organisation_is_parents';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER deposit_settlements_organisation BEFORE INSERT OR UPDATE OF organisation_id, lease_id ON deposit_settlements
  FOR EACH ROW EXECUTE FUNCTION deposit_settlements_organisation_from_parent();
--> statement-breakpoint
CREATE FUNCTION checkout_sessions_organisation_from_parent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_organisation integer;
BEGIN
  SELECT organisation_id INTO parent_organisation FROM leases WHERE id = NEW.lease_id;
  IF parent_organisation IS NULL THEN
    RAISE EXCEPTION 'checkout_sessions: no leases row %', NEW.lease_id
      USING ERRCODE = 'foreign_key_violation', TABLE = 'checkout_sessions';
  END IF;
  IF NEW.organisation_id IS NULL THEN
    NEW.organisation_id := parent_organisation;
  ELSIF NEW.organisation_id <> parent_organisation THEN
    RAISE EXCEPTION 'checkout_sessions: organisation % is not its leases row''s (%)', NEW.organisation_id, parent_organisation
      USING ERRCODE = 'check_violation', TABLE = 'checkout_sessions', CONSTRAINT = 'checkout_sessions_organisation_is_parents';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER checkout_sessions_organisation BEFORE INSERT OR UPDATE OF organisation_id, lease_id ON checkout_sessions
  FOR EACH ROW EXECUTE FUNCTION checkout_sessions_organisation_from_parent();
--> statement-breakpoint
CREATE FUNCTION invitations_organisation_from_parent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_organisation integer;
BEGIN
  IF NEW.tenant_id IS NOT NULL THEN
    SELECT organisation_id INTO parent_organisation FROM tenants WHERE id = NEW.tenant_id;
  ELSE
    SELECT organisation_id INTO parent_organisation FROM staff WHERE id = NEW.staff_id;
  END IF;
  IF parent_organisation IS NULL THEN
    RAISE EXCEPTION 'invitations: no tenant % or staff member %', NEW.tenant_id, NEW.staff_id
      USING ERRCODE = 'foreign_key_violation', TABLE = 'invitations';
  END IF;
  IF NEW.organisation_id IS NULL THEN
    NEW.organisation_id := parent_organisation;
  ELSIF NEW.organisation_id <> parent_organisation THEN
    RAISE EXCEPTION 'invitations: organisation % is not its record''s (%)', NEW.organisation_id, parent_organisation
      USING ERRCODE = 'check_violation', TABLE = 'invitations', CONSTRAINT = 'invitations_organisation_is_parents';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER invitations_organisation BEFORE INSERT OR UPDATE OF organisation_id, tenant_id, staff_id ON invitations
  FOR EACH ROW EXECUTE FUNCTION invitations_organisation_from_parent();
--> statement-breakpoint
CREATE FUNCTION work_order_notes_organisation_from_parent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_organisation integer;
BEGIN
  SELECT organisation_id INTO parent_organisation FROM work_orders WHERE id = NEW.work_order_id;
  IF parent_organisation IS NULL THEN
    RAISE EXCEPTION 'work_order_notes: no work_orders row %', NEW.work_order_id
      USING ERRCODE = 'foreign_key_violation', TABLE = 'work_order_notes';
  END IF;
  IF NEW.organisation_id IS NULL THEN
    NEW.organisation_id := parent_organisation;
  ELSIF NEW.organisation_id <> parent_organisation THEN
    RAISE EXCEPTION 'work_order_notes: organisation % is not its work_orders row''s (%)', NEW.organisation_id, parent_organisation
      USING ERRCODE = 'check_violation', TABLE = 'work_order_notes', CONSTRAINT = 'work_order_notes_organisation_is_parents';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER work_order_notes_organisation BEFORE INSERT OR UPDATE OF organisation_id, work_order_id ON work_order_notes
  FOR EACH ROW EXECUTE FUNCTION work_order_notes_organisation_from_parent();
--> statement-breakpoint
CREATE FUNCTION work_order_photos_organisation_from_parent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_organisation integer;
BEGIN
  SELECT organisation_id INTO parent_organisation FROM work_orders WHERE id = NEW.work_order_id;
  IF parent_organisation IS NULL THEN
    RAISE EXCEPTION 'work_order_photos: no work_orders row %', NEW.work_order_id
      USING ERRCODE = 'foreign_key_violation', TABLE = 'work_order_photos';
  END IF;
  IF NEW.organisation_id IS NULL THEN
    NEW.organisation_id := parent_organisation;
  ELSIF NEW.organisation_id <> parent_organisation THEN
    RAISE EXCEPTION 'work_order_photos: organisation % is not its work_orders row''s (%)', NEW.organisation_id, parent_organisation
      USING ERRCODE = 'check_violation', TABLE = 'work_order_photos', CONSTRAINT = 'work_order_photos_organisation_is_parents';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER work_order_photos_organisation BEFORE INSERT OR UPDATE OF organisation_id, work_order_id ON work_order_photos
  FOR EACH ROW EXECUTE FUNCTION work_order_photos_organisation_from_parent();
--> statement-breakpoint
CREATE FUNCTION expense_receipts_organisation_from_parent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_organisation integer;
BEGIN
  SELECT organisation_id INTO parent_organisation FROM expenses WHERE id = NEW.expense_id;
  IF parent_organisation IS NULL THEN
    RAISE EXCEPTION 'expense_receipts: no expenses row %', NEW.expense_id
      USING ERRCODE = 'foreign_key_violation', TABLE = 'expense_receipts';
  END IF;
  IF NEW.organisation_id IS NULL THEN
    NEW.organisation_id := parent_organisation;
  ELSIF NEW.organisation_id <> parent_organisation THEN
    RAISE EXCEPTION 'expense_receipts: organisation % is not its expenses row''s (%)', NEW.organisation_id, parent_organisation
      USING ERRCODE = 'check_violation', TABLE = 'expense_receipts', CONSTRAINT = 'expense_receipts_organisation_is_parents';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER expense_receipts_organisation BEFORE INSERT OR UPDATE OF organisation_id, expense_id ON expense_receipts
  FOR EACH ROW EXECUTE FUNCTION expense_receipts_organisation_from_parent();
--> statement-breakpoint
CREATE FUNCTION bank_lines_organisation_from_parent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_organisation integer;
BEGIN
  SELECT organisation_id INTO parent_organisation FROM bank_accounts WHERE id = NEW.account_id;
  IF parent_organisation IS NULL THEN
    RAISE EXCEPTION 'bank_lines: no bank_accounts row %', NEW.account_id
      USING ERRCODE = 'foreign_key_violation', TABLE = 'bank_lines';
  END IF;
  IF NEW.organisation_id IS NULL THEN
    NEW.organisation_id := parent_organisation;
  ELSIF NEW.organisation_id <> parent_organisation THEN
    RAISE EXCEPTION 'bank_lines: organisation % is not its bank_accounts row''s (%)', NEW.organisation_id, parent_organisation
      USING ERRCODE = 'check_violation', TABLE = 'bank_lines', CONSTRAINT = 'bank_lines_organisation_is_parents';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER bank_lines_organisation BEFORE INSERT OR UPDATE OF organisation_id, account_id ON bank_lines
  FOR EACH ROW EXECUTE FUNCTION bank_lines_organisation_from_parent();
--> statement-breakpoint
CREATE FUNCTION bank_balances_organisation_from_parent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_organisation integer;
BEGIN
  SELECT organisation_id INTO parent_organisation FROM bank_accounts WHERE id = NEW.account_id;
  IF parent_organisation IS NULL THEN
    RAISE EXCEPTION 'bank_balances: no bank_accounts row %', NEW.account_id
      USING ERRCODE = 'foreign_key_violation', TABLE = 'bank_balances';
  END IF;
  IF NEW.organisation_id IS NULL THEN
    NEW.organisation_id := parent_organisation;
  ELSIF NEW.organisation_id <> parent_organisation THEN
    RAISE EXCEPTION 'bank_balances: organisation % is not its bank_accounts row''s (%)', NEW.organisation_id, parent_organisation
      USING ERRCODE = 'check_violation', TABLE = 'bank_balances', CONSTRAINT = 'bank_balances_organisation_is_parents';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER bank_balances_organisation BEFORE INSERT OR UPDATE OF organisation_id, account_id ON bank_balances
  FOR EACH ROW EXECUTE FUNCTION bank_balances_organisation_from_parent();
--> statement-breakpoint
CREATE FUNCTION bank_line_rejections_organisation_from_parent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_organisation integer;
BEGIN
  SELECT organisation_id INTO parent_organisation FROM bank_lines WHERE id = NEW.line_id;
  IF parent_organisation IS NULL THEN
    RAISE EXCEPTION 'bank_line_rejections: no bank_lines row %', NEW.line_id
      USING ERRCODE = 'foreign_key_violation', TABLE = 'bank_line_rejections';
  END IF;
  IF NEW.organisation_id IS NULL THEN
    NEW.organisation_id := parent_organisation;
  ELSIF NEW.organisation_id <> parent_organisation THEN
    RAISE EXCEPTION 'bank_line_rejections: organisation % is not its bank_lines row''s (%)', NEW.organisation_id, parent_organisation
      USING ERRCODE = 'check_violation', TABLE = 'bank_line_rejections', CONSTRAINT = 'bank_line_rejections_organisation_is_parents';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER bank_line_rejections_organisation BEFORE INSERT OR UPDATE OF organisation_id, line_id ON bank_line_rejections
  FOR EACH ROW EXECUTE FUNCTION bank_line_rejections_organisation_from_parent();
--> statement-breakpoint
CREATE FUNCTION member_properties_organisation_from_parent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_organisation integer;
BEGIN
  SELECT organisation_id INTO parent_organisation FROM organisation_members WHERE id = NEW.member_id;
  IF parent_organisation IS NULL THEN
    RAISE EXCEPTION 'member_properties: no organisation_members row %', NEW.member_id
      USING ERRCODE = 'foreign_key_violation', TABLE = 'member_properties';
  END IF;
  IF NEW.organisation_id IS NULL THEN
    NEW.organisation_id := parent_organisation;
  ELSIF NEW.organisation_id <> parent_organisation THEN
    RAISE EXCEPTION 'member_properties: organisation % is not its organisation_members row''s (%)', NEW.organisation_id, parent_organisation
      USING ERRCODE = 'check_violation', TABLE = 'member_properties', CONSTRAINT = 'member_properties_organisation_is_parents';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER member_properties_organisation BEFORE INSERT OR UPDATE OF organisation_id, member_id ON member_properties
  FOR EACH ROW EXECUTE FUNCTION member_properties_organisation_from_parent();
--> statement-breakpoint
CREATE FUNCTION member_invitation_properties_organisation_from_parent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_organisation integer;
BEGIN
  SELECT organisation_id INTO parent_organisation FROM member_invitations WHERE id = NEW.invitation_id;
  IF parent_organisation IS NULL THEN
    RAISE EXCEPTION 'member_invitation_properties: no member_invitations row %', NEW.invitation_id
      USING ERRCODE = 'foreign_key_violation', TABLE = 'member_invitation_properties';
  END IF;
  IF NEW.organisation_id IS NULL THEN
    NEW.organisation_id := parent_organisation;
  ELSIF NEW.organisation_id <> parent_organisation THEN
    RAISE EXCEPTION 'member_invitation_properties: organisation % is not its member_invitations row''s (%)', NEW.organisation_id, parent_organisation
      USING ERRCODE = 'check_violation', TABLE = 'member_invitation_properties', CONSTRAINT = 'member_invitation_properties_organisation_is_parents';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER member_invitation_properties_organisation BEFORE INSERT OR UPDATE OF organisation_id, invitation_id ON member_invitation_properties
  FOR EACH ROW EXECUTE FUNCTION member_invitation_properties_organisation_from_parent();
--> statement-breakpoint
-- The tables at the top of each chain never change organisation: their rows' children would
-- be left behind. (No service ever moved one: a property's owner never changes.)
CREATE FUNCTION organisation_never_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '%: a row does not move to another organisation', TG_TABLE_NAME
    USING ERRCODE = 'check_violation', TABLE = TG_TABLE_NAME, CONSTRAINT = TG_TABLE_NAME || '_organisation_never_changes';
END $$;
--> statement-breakpoint
CREATE TRIGGER properties_organisation_never_changes BEFORE UPDATE OF organisation_id ON properties
  FOR EACH ROW WHEN (OLD.organisation_id IS DISTINCT FROM NEW.organisation_id)
  EXECUTE FUNCTION organisation_never_changes();
--> statement-breakpoint
CREATE TRIGGER vendors_organisation_never_changes BEFORE UPDATE OF organisation_id ON vendors
  FOR EACH ROW WHEN (OLD.organisation_id IS DISTINCT FROM NEW.organisation_id)
  EXECUTE FUNCTION organisation_never_changes();
--> statement-breakpoint
CREATE TRIGGER bank_accounts_organisation_never_changes BEFORE UPDATE OF organisation_id ON bank_accounts
  FOR EACH ROW WHEN (OLD.organisation_id IS DISTINCT FROM NEW.organisation_id)
  EXECUTE FUNCTION organisation_never_changes();
--> statement-breakpoint
CREATE TRIGGER organisation_members_organisation_never_changes BEFORE UPDATE OF organisation_id ON organisation_members
  FOR EACH ROW WHEN (OLD.organisation_id IS DISTINCT FROM NEW.organisation_id)
  EXECUTE FUNCTION organisation_never_changes();
--> statement-breakpoint
CREATE TRIGGER member_invitations_organisation_never_changes BEFORE UPDATE OF organisation_id ON member_invitations
  FOR EACH ROW WHEN (OLD.organisation_id IS DISTINCT FROM NEW.organisation_id)
  EXECUTE FUNCTION organisation_never_changes();
--> statement-breakpoint
-- So a property's totals never follow it to another organisation.
DROP TRIGGER books_owner_month_totals_properties ON properties;
--> statement-breakpoint
DROP FUNCTION books_owner_month_totals_follow_property();
--> statement-breakpoint
-- The totals and the search text copy their property's organisation when they write a row.
CREATE OR REPLACE FUNCTION books_month_totals_add(changes books_change[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO books_month_totals AS t (organisation_id, property_id, month, basis, side, category, vendor_id, amount, entries)
  SELECT p.organisation_id, c.property_id, c.month, c.basis, c.side, c.category, c.vendor_id, sum(c.amount), sum(c.entries)
  FROM unnest(changes) AS c JOIN properties p ON p.id = c.property_id
  GROUP BY p.organisation_id, c.property_id, c.basis, c.month, c.side, c.category, c.vendor_id
  HAVING sum(c.amount) <> 0 OR sum(c.entries) <> 0
  ORDER BY c.property_id, c.basis, c.month, c.side, c.category, c.vendor_id
  ON CONFLICT (property_id, basis, month, side, category, (coalesce(vendor_id, 0)))
  DO UPDATE SET amount = t.amount + excluded.amount, entries = t.entries + excluded.entries;
  DELETE FROM books_month_totals WHERE entries = 0;
  INSERT INTO books_year_totals AS t (organisation_id, property_id, year, basis, side, category, amount, entries)
  SELECT p.organisation_id, c.property_id, date_trunc('year', c.month)::date, c.basis, c.side, c.category, sum(c.amount), sum(c.entries)
  FROM unnest(changes) AS c JOIN properties p ON p.id = c.property_id
  GROUP BY p.organisation_id, c.property_id, c.basis, date_trunc('year', c.month)::date, c.side, c.category
  HAVING sum(c.amount) <> 0 OR sum(c.entries) <> 0
  ORDER BY c.property_id, c.basis, date_trunc('year', c.month)::date, c.side, c.category
  ON CONFLICT (property_id, basis, year, side, category)
  DO UPDATE SET amount = t.amount + excluded.amount, entries = t.entries + excluded.entries;
  DELETE FROM books_year_totals WHERE entries = 0;
  INSERT INTO books_owner_month_totals AS t (organisation_id, month, basis, side, category, vendor_id, amount, entries)
  SELECT p.organisation_id, c.month, c.basis, c.side, c.category, c.vendor_id, sum(c.amount), sum(c.entries)
  FROM unnest(changes) AS c JOIN properties p ON p.id = c.property_id
  GROUP BY p.organisation_id, c.basis, c.month, c.side, c.category, c.vendor_id
  HAVING sum(c.amount) <> 0 OR sum(c.entries) <> 0
  ORDER BY p.organisation_id, c.basis, c.month, c.side, c.category, c.vendor_id
  ON CONFLICT (organisation_id, basis, month, side, category, (coalesce(vendor_id, 0)))
  DO UPDATE SET amount = t.amount + excluded.amount, entries = t.entries + excluded.entries;
  DELETE FROM books_owner_month_totals WHERE entries = 0;
$$;
--> statement-breakpoint
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
  INSERT INTO property_search (organisation_id, property_id, body)
  SELECT p.organisation_id, p.id,
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
