-- The managers' search (GET /api/search) compares lower-case texts with LIKE: the same test
-- as ILIKE (which lowers both sides), without lowering every row's text again. Each kind's
-- text gets a trigram index on exactly the expression the search uses, replacing the ILIKE
-- indexes of 0021, and its answer order a btree index: a rare text is found through the
-- trigrams, a common one by reading that kind in answer order until its first results.
DROP INDEX IF EXISTS "properties_search_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "units_unit_number_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "tenants_search_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "leases_search_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "work_orders_title_trgm_idx";
--> statement-breakpoint
CREATE INDEX "properties_search_text_trgm_idx" ON "properties" USING gin (lower("name" || ' ' || "address" || ' ' || "city" || ' ' || "state" || ' ' || "zip_code") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "properties_name_order_idx" ON "properties" (lower("name"), "id");
--> statement-breakpoint
CREATE INDEX "units_unit_number_text_trgm_idx" ON "units" USING gin (lower("unit_number") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "units_unit_number_order_idx" ON "units" (lower("unit_number"), "id");
--> statement-breakpoint
CREATE INDEX "tenants_search_text_trgm_idx" ON "tenants" USING gin (lower("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || "phone_number") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "tenants_name_order_idx" ON "tenants" (lower("last_name" || ' ' || "first_name"), "id");
--> statement-breakpoint
CREATE INDEX "leases_search_text_trgm_idx" ON "leases" USING gin (lower("first_name" || ' ' || "last_name" || ' ' || "unit_number") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "leases_start_order_idx" ON "leases" ("start_date" DESC, "id");
--> statement-breakpoint
CREATE INDEX "work_orders_title_text_trgm_idx" ON "work_orders" USING gin (lower("title") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "work_orders_filed_order_idx" ON "work_orders" ("filed_at" DESC, "id");
--> statement-breakpoint
-- public_listing_revision: raised once by every transaction that writes what the public
-- listing shows (properties, units, an owner's public contact), when it commits. Deferred
-- to the commit, the single row is locked only for the commit's instant, and a transaction
-- waiting for it holds no lock another waits for. A transaction raises it once however many
-- rows it writes (raised_by).
INSERT INTO "public_listing_revision" ("single") VALUES (true) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION raise_public_listing_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public_listing_revision SET revision = revision + 1, raised_by = txid_current()
  WHERE raised_by IS DISTINCT FROM txid_current();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER public_listing_revision_properties
  AFTER INSERT OR UPDATE OR DELETE ON properties DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION raise_public_listing_revision();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER public_listing_revision_units
  AFTER INSERT OR UPDATE OR DELETE ON units DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION raise_public_listing_revision();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER public_listing_revision_users
  AFTER UPDATE OF user_name, email, phone, show_email_publicly, show_phone_publicly ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.user_name, OLD.email, OLD.phone, OLD.show_email_publicly, OLD.show_phone_publicly)
        IS DISTINCT FROM
        (NEW.user_name, NEW.email, NEW.phone, NEW.show_email_publicly, NEW.show_phone_publicly))
  EXECUTE FUNCTION raise_public_listing_revision();
--> statement-breakpoint
-- Statistics on the new index expressions, so the planner knows at once how common a text
-- is (the embedded database has no autovacuum to gather them later).
ANALYZE properties, units, tenants, leases, work_orders;
