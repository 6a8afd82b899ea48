CREATE TABLE "checkout_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_session_id" text NOT NULL,
	"lease_id" integer NOT NULL,
	"tenant_user_id" integer,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_sessions_amount_positive" CHECK ("checkout_sessions"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payment_instructions" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_tenant_user_id_users_id_fk" FOREIGN KEY ("tenant_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_sessions_provider_session_key" ON "checkout_sessions" USING btree ("provider_session_id");--> statement-breakpoint
CREATE INDEX "checkout_sessions_lease_idx" ON "checkout_sessions" USING btree ("lease_id");--> statement-breakpoint
-- hand-written below
-- Checkout Sessions created before this migration: their start is in the lease's audit trail
-- (action payments.checkout, after = { checkoutSessionId, amount }), so a session a tenant is
-- paying while the server is upgraded is still recorded when Stripe's webhook arrives.
INSERT INTO "checkout_sessions" ("provider_session_id", "lease_id", "tenant_user_id", "amount", "currency", "created_at")
SELECT DISTINCT ON (ae."after"->>'checkoutSessionId')
  ae."after"->>'checkoutSessionId', ae."entity_id", ae."actor_user_id",
  (ae."after"->>'amount')::numeric(12, 2), 'usd', ae."at"
FROM "audit_events" ae
JOIN "leases" l ON l."id" = ae."entity_id"
WHERE ae."action" = 'payments.checkout' AND ae."entity_type" = 'leases'
  AND ae."after"->>'checkoutSessionId' IS NOT NULL
  AND (ae."after"->>'amount') ~ '^[0-9]+(\.[0-9]{1,2})?$'
  AND (ae."after"->>'amount')::numeric(12, 2) > 0
ORDER BY ae."after"->>'checkoutSessionId', ae."id"
ON CONFLICT DO NOTHING;
