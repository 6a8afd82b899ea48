-- The managers' search (GET /api/search) looks for the text anywhere in these expressions
-- with ILIKE '%...%'; trigram indexes on exactly the same expressions let it read only the
-- matching rows instead of every row (pg_trgm is created in 0002).
CREATE INDEX IF NOT EXISTS "properties_search_trgm_idx" ON "properties" USING gin (("name" || ' ' || "address" || ' ' || "city" || ' ' || "state" || ' ' || "zip_code") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "units_unit_number_trgm_idx" ON "units" USING gin ("unit_number" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tenants_search_trgm_idx" ON "tenants" USING gin (("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || "phone_number") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leases_search_trgm_idx" ON "leases" USING gin (("first_name" || ' ' || "last_name" || ' ' || "unit_number") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "work_orders_title_trgm_idx" ON "work_orders" USING gin ("title" gin_trgm_ops);
