CREATE TABLE "member_properties" (
	"member_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	CONSTRAINT "member_properties_member_id_property_id_pk" PRIMARY KEY("member_id","property_id")
);
--> statement-breakpoint
CREATE TABLE "organisation_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"all_properties" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_members_role_known" CHECK (role IN ('Owner', 'Manager', 'Bookkeeper', 'Leasing agent', 'Maintenance coordinator', 'Read-only'))
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisations_name_length" CHECK (char_length("organisations"."name") BETWEEN 1 AND 120)
);
--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_members_key" ON "organisation_members" USING btree ("organisation_id","user_id");
--> statement-breakpoint
CREATE INDEX "organisation_members_user_idx" ON "organisation_members" USING btree ("user_id");
--> statement-breakpoint
-- Every landlord becomes an organisation of one Owner (decision 0029). The organisation takes
-- the landlord's id, so every column that named the landlord as owner keeps its values.
INSERT INTO "organisations" ("id", "name", "created_at")
  SELECT u.id, left(coalesce(nullif(btrim(u.display_name), ''), u.user_name), 120), u.created_at
  FROM "users" u
  WHERE 'Landlord' = ANY(u.roles)
     OR EXISTS (SELECT 1 FROM "properties" p WHERE p.user_id = u.id)
     OR EXISTS (SELECT 1 FROM "vendors" v WHERE v.owner_id = u.id)
     OR EXISTS (SELECT 1 FROM "bank_accounts" b WHERE b.owner_id = u.id)
  ORDER BY u.id;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('organisations', 'id'), coalesce((SELECT max(id) FROM "organisations"), 0) + 1, false);
--> statement-breakpoint
INSERT INTO "organisation_members" ("organisation_id", "user_id", "role", "created_at")
  SELECT o.id, o.id, 'Owner', o.created_at FROM "organisations" o ORDER BY o.id;
--> statement-breakpoint
ALTER TABLE "member_properties" ADD CONSTRAINT "member_properties_member_id_organisation_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."organisation_members"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "member_properties_property_idx" ON "member_properties" USING btree ("property_id");
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "organisation_id" integer;
--> statement-breakpoint
UPDATE "properties" SET "organisation_id" = "user_id";
--> statement-breakpoint
-- The update's deferred trigger work runs now: a table with pending trigger events cannot be altered.
SET CONSTRAINTS ALL IMMEDIATE;
--> statement-breakpoint
ALTER TABLE "properties" ALTER COLUMN "organisation_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "properties_organisation_idx" ON "properties" USING btree ("organisation_id");
--> statement-breakpoint
ALTER TABLE "member_properties" ADD CONSTRAINT "member_properties_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "organisation_id" integer;
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- A landlord signed in now goes on acting for their organisation.
UPDATE "sessions" s SET "organisation_id" = s.user_id
  WHERE EXISTS (SELECT 1 FROM "organisations" o WHERE o.id = s.user_id);
--> statement-breakpoint
ALTER TABLE "vendors" DROP CONSTRAINT "vendors_owner_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "vendors_owner_idx";
--> statement-breakpoint
ALTER TABLE "vendors" RENAME COLUMN "owner_id" TO "organisation_id";
--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "vendors_organisation_idx" ON "vendors" USING btree ("organisation_id","name");
--> statement-breakpoint
ALTER TABLE "bank_accounts" DROP CONSTRAINT "bank_accounts_owner_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "bank_accounts_owner_idx";
--> statement-breakpoint
ALTER TABLE "bank_accounts" RENAME COLUMN "owner_id" TO "organisation_id";
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "bank_accounts_organisation_idx" ON "bank_accounts" USING btree ("organisation_id","name");
--> statement-breakpoint
ALTER TABLE "portfolio_revisions" DROP CONSTRAINT "portfolio_revisions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "portfolio_revisions" RENAME COLUMN "user_id" TO "organisation_id";
--> statement-breakpoint
DELETE FROM "portfolio_revisions" r WHERE NOT EXISTS (SELECT 1 FROM "organisations" o WHERE o.id = r.organisation_id);
--> statement-breakpoint
ALTER TABLE "portfolio_revisions" ADD CONSTRAINT "portfolio_revisions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_portfolio_revisions(ids integer[]) RETURNS void LANGUAGE sql AS $$
  -- In id order, so two transactions touching the same organisations lock them in one order.
  INSERT INTO portfolio_revisions (organisation_id)
  SELECT DISTINCT id FROM unnest(ids) AS id WHERE id IS NOT NULL ORDER BY id
  ON CONFLICT (organisation_id) DO UPDATE SET revision = portfolio_revisions.revision + 1;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portfolio_revision_from_properties() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_portfolio_revisions(ARRAY(SELECT r.organisation_id FROM new_rows r));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM bump_portfolio_revisions(ARRAY(SELECT r.organisation_id FROM new_rows r
      UNION SELECT r.organisation_id FROM old_rows r));
  ELSE
    PERFORM bump_portfolio_revisions(ARRAY(SELECT r.organisation_id FROM old_rows r));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portfolio_revision_from_units() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_portfolio_revisions(ARRAY(SELECT p.organisation_id FROM new_rows r JOIN properties p ON p.id = r.property_id));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM bump_portfolio_revisions(ARRAY(SELECT p.organisation_id FROM new_rows r JOIN properties p ON p.id = r.property_id
      UNION SELECT p.organisation_id FROM old_rows r JOIN properties p ON p.id = r.property_id));
  ELSE
    PERFORM bump_portfolio_revisions(ARRAY(SELECT p.organisation_id FROM old_rows r JOIN properties p ON p.id = r.property_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portfolio_revision_from_staff() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_portfolio_revisions(ARRAY(SELECT p.organisation_id FROM new_rows r JOIN properties p ON p.id = r.property_id));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM bump_portfolio_revisions(ARRAY(SELECT p.organisation_id FROM new_rows r JOIN properties p ON p.id = r.property_id
      UNION SELECT p.organisation_id FROM old_rows r JOIN properties p ON p.id = r.property_id));
  ELSE
    PERFORM bump_portfolio_revisions(ARRAY(SELECT p.organisation_id FROM old_rows r JOIN properties p ON p.id = r.property_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portfolio_revision_from_tenants() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_portfolio_revisions(ARRAY(SELECT p.organisation_id FROM new_rows r JOIN units u ON u.id = r.unit_id JOIN properties p ON p.id = u.property_id));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM bump_portfolio_revisions(ARRAY(SELECT p.organisation_id FROM new_rows r JOIN units u ON u.id = r.unit_id JOIN properties p ON p.id = u.property_id
      UNION SELECT p.organisation_id FROM old_rows r JOIN units u ON u.id = r.unit_id JOIN properties p ON p.id = u.property_id));
  ELSE
    PERFORM bump_portfolio_revisions(ARRAY(SELECT p.organisation_id FROM old_rows r JOIN units u ON u.id = r.unit_id JOIN properties p ON p.id = u.property_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portfolio_revision_from_rental_applications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_portfolio_revisions(ARRAY(SELECT p.organisation_id FROM new_rows r JOIN units u ON u.id = r.unit_id JOIN properties p ON p.id = u.property_id));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM bump_portfolio_revisions(ARRAY(SELECT p.organisation_id FROM new_rows r JOIN units u ON u.id = r.unit_id JOIN properties p ON p.id = u.property_id
      UNION SELECT p.organisation_id FROM old_rows r JOIN units u ON u.id = r.unit_id JOIN properties p ON p.id = u.property_id));
  ELSE
    PERFORM bump_portfolio_revisions(ARRAY(SELECT p.organisation_id FROM old_rows r JOIN units u ON u.id = r.unit_id JOIN properties p ON p.id = u.property_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portfolio_revision_from_leases() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_portfolio_revisions(ARRAY(SELECT p.organisation_id FROM new_rows r JOIN units u ON u.id = r.unit_id JOIN properties p ON p.id = u.property_id));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM bump_portfolio_revisions(ARRAY(SELECT p.organisation_id FROM new_rows r JOIN units u ON u.id = r.unit_id JOIN properties p ON p.id = u.property_id
      UNION SELECT p.organisation_id FROM old_rows r JOIN units u ON u.id = r.unit_id JOIN properties p ON p.id = u.property_id));
  ELSE
    PERFORM bump_portfolio_revisions(ARRAY(SELECT p.organisation_id FROM old_rows r JOIN units u ON u.id = r.unit_id JOIN properties p ON p.id = u.property_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portfolio_revision_from_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The dashboard shows a property's contact (user name, email, phone) as its owner; a
  -- password or role change leaves it as it was.
  PERFORM bump_portfolio_revisions(ARRAY(
    SELECT DISTINCT p.organisation_id FROM new_rows n JOIN old_rows o ON o.id = n.id
    JOIN properties p ON p.user_id = n.id
    WHERE (n.user_name, n.email, n.phone) IS DISTINCT FROM (o.user_name, o.email, o.phone)));
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP INDEX "books_owner_month_totals_key";
--> statement-breakpoint
DROP INDEX "books_owner_month_totals_empty";
--> statement-breakpoint
DROP VIEW books_owner_month_totals_recomputed;
--> statement-breakpoint
ALTER TABLE "books_owner_month_totals" RENAME COLUMN "owner_id" TO "organisation_id";
--> statement-breakpoint
CREATE UNIQUE INDEX "books_owner_month_totals_key" ON "books_owner_month_totals" USING btree ("organisation_id","basis","month","side","category",coalesce("vendor_id", 0));
--> statement-breakpoint
CREATE INDEX "books_owner_month_totals_empty" ON "books_owner_month_totals" USING btree ("organisation_id") WHERE "books_owner_month_totals"."entries" = 0;
--> statement-breakpoint
CREATE VIEW books_owner_month_totals_recomputed AS
  SELECT p.organisation_id, t.month, t.basis, t.side, t.category, t.vendor_id,
         sum(t.amount) AS amount, sum(t.entries)::int AS entries
  FROM books_month_totals_recomputed t JOIN properties p ON p.id = t.property_id
  GROUP BY p.organisation_id, t.month, t.basis, t.side, t.category, t.vendor_id;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION books_month_totals_add(changes books_change[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO books_month_totals AS t (property_id, month, basis, side, category, vendor_id, amount, entries)
  SELECT c.property_id, c.month, c.basis, c.side, c.category, c.vendor_id, sum(c.amount), sum(c.entries)
  FROM unnest(changes) AS c
  GROUP BY c.property_id, c.basis, c.month, c.side, c.category, c.vendor_id
  HAVING sum(c.amount) <> 0 OR sum(c.entries) <> 0
  ORDER BY c.property_id, c.basis, c.month, c.side, c.category, c.vendor_id
  ON CONFLICT (property_id, basis, month, side, category, (coalesce(vendor_id, 0)))
  DO UPDATE SET amount = t.amount + excluded.amount, entries = t.entries + excluded.entries;
  DELETE FROM books_month_totals WHERE entries = 0;
  INSERT INTO books_year_totals AS t (property_id, year, basis, side, category, amount, entries)
  SELECT c.property_id, date_trunc('year', c.month)::date, c.basis, c.side, c.category, sum(c.amount), sum(c.entries)
  FROM unnest(changes) AS c
  GROUP BY c.property_id, c.basis, date_trunc('year', c.month)::date, c.side, c.category
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
-- A property given to another organisation takes its months with it.
CREATE OR REPLACE FUNCTION books_owner_month_totals_follow_property() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO books_owner_month_totals AS t (organisation_id, month, basis, side, category, vendor_id, amount, entries)
  SELECT o.organisation_id, m.month, m.basis, m.side, m.category, m.vendor_id, sum(o.sign * m.amount), sum(o.sign * m.entries)
  FROM books_month_totals m
  CROSS JOIN (VALUES (OLD.organisation_id, -1), (NEW.organisation_id, 1)) AS o(organisation_id, sign)
  WHERE m.property_id = NEW.id
  GROUP BY o.organisation_id, m.basis, m.month, m.side, m.category, m.vendor_id
  ORDER BY o.organisation_id, m.basis, m.month, m.side, m.category, m.vendor_id
  ON CONFLICT (organisation_id, basis, month, side, category, (coalesce(vendor_id, 0)))
  DO UPDATE SET amount = t.amount + excluded.amount, entries = t.entries + excluded.entries;
  DELETE FROM books_owner_month_totals WHERE entries = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER books_owner_month_totals_properties ON properties;
--> statement-breakpoint
CREATE TRIGGER books_owner_month_totals_properties AFTER UPDATE OF organisation_id ON properties
  FOR EACH ROW WHEN (OLD.organisation_id IS DISTINCT FROM NEW.organisation_id)
  EXECUTE FUNCTION books_owner_month_totals_follow_property();
