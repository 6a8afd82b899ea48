-- A lease belongs to a unit (docs/decisions/0014). Until now a lease reached its unit through
-- its tenant's current unit, so editing the tenant moved the lease and its ledger with them.
-- Every existing lease gets the unit its tenant is on now: the only answer the data held, and
-- the one every screen showed until this migration.
ALTER TABLE "leases" ADD COLUMN "unit_id" integer;--> statement-breakpoint
UPDATE "leases" SET "unit_id" = "tenants"."unit_id" FROM "tenants" WHERE "tenants"."id" = "leases"."tenant_id";--> statement-breakpoint
ALTER TABLE "leases" ALTER COLUMN "unit_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "leases" ADD CONSTRAINT "leases_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leases_unit_id_start_date_idx" ON "leases" USING btree ("unit_id","start_date");--> statement-breakpoint
ALTER TABLE "leases" ADD COLUMN "rent_charged_from" date;--> statement-breakpoint
-- Rent posting now follows a lease's dates from its start (docs/decisions/0014). A lease whose
-- ledger begins later than its start (history written from the middle, or a start moved
-- earlier) keeps its ledger as it is: its rent is charged from its first posted period, so
-- the upgrade posts nothing new and changes no balance.
UPDATE "leases" SET "rent_charged_from" = "first"."due"
  FROM (SELECT "lease_id", min("entry_date") AS "due" FROM "ledger_entries"
        WHERE "category" = 'rent' GROUP BY "lease_id") AS "first"
  WHERE "first"."lease_id" = "leases"."id" AND "first"."due" > "leases"."start_date";--> statement-breakpoint
-- Until now only Active leases were charged: a lease already ended (Expired or Terminated) keeps
-- the rent it was charged, and nothing more is charged on it.
UPDATE "leases" SET "rent_charged_from" = coalesce("ended_on", "end_date") + 1
  WHERE "status" <> 'Active';--> statement-breakpoint
-- A lease never changes unit: moving is a move-out and a new lease.
CREATE FUNCTION leases_unit_is_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.unit_id IS DISTINCT FROM OLD.unit_id THEN
    RAISE EXCEPTION 'A lease''s unit cannot change' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER leases_unit_is_fixed BEFORE UPDATE OF unit_id ON leases
  FOR EACH ROW EXECUTE FUNCTION leases_unit_is_fixed();--> statement-breakpoint
-- The dashboard's revision follows a lease's own unit.
CREATE OR REPLACE FUNCTION portfolio_revision_from_leases() RETURNS trigger LANGUAGE plpgsql AS $$
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
-- Lease state is read from the dates (docs/decisions/0014). A lease marked Expired by hand while
-- its dates still ran gets the day before that edit as its last day, or, if it had not begun
-- by then, becomes void (Terminated without a move-out day), as the lease form now writes it.
UPDATE "leases" SET "ended_on" = "updated_at"::date - 1
  WHERE "status" = 'Expired' AND "ended_on" IS NULL AND "end_date" >= "updated_at"::date
    AND "updated_at"::date - 1 >= "start_date";--> statement-breakpoint
UPDATE "leases" SET "status" = 'Terminated'
  WHERE "status" = 'Expired' AND "ended_on" IS NULL AND "end_date" >= "updated_at"::date;
