CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"lease_id" integer NOT NULL,
	"kind" text NOT NULL,
	"category" text,
	"method" text,
	"amount" numeric(12, 2) NOT NULL,
	"delta" numeric(12, 2) NOT NULL,
	"entry_date" date NOT NULL,
	"description" text,
	"reference" text,
	"reverses_id" integer,
	"period" text,
	"idempotency_key" text,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_reverses_id_unique" UNIQUE("reverses_id"),
	CONSTRAINT "ledger_entries_idempotency_key" UNIQUE("lease_id","idempotency_key"),
	CONSTRAINT "ledger_entries_kind_known" CHECK ("ledger_entries"."kind" in ('charge', 'payment', 'credit', 'reversal')),
	CONSTRAINT "ledger_entries_amount_positive" CHECK ("ledger_entries"."amount" > 0),
	CONSTRAINT "ledger_entries_delta_is_amount" CHECK (abs("ledger_entries"."delta") = "ledger_entries"."amount"),
	CONSTRAINT "ledger_entries_reversal_names_entry" CHECK (("ledger_entries"."kind" = 'reversal') = ("ledger_entries"."reverses_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_reverses_id_ledger_entries_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_lease_idx" ON "ledger_entries" USING btree ("lease_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_rent_once" ON "ledger_entries" USING btree ("lease_id","period") WHERE "ledger_entries"."category" = 'rent';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_late_fee_once" ON "ledger_entries" USING btree ("lease_id","period") WHERE "ledger_entries"."category" = 'late_fee';