CREATE TABLE "lease_recurring_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"lease_id" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text,
	"amount" numeric(12, 2) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lease_recurring_charges_kind_known" CHECK ("lease_recurring_charges"."kind" IN ('parking', 'pet_rent', 'utilities', 'storage', 'other')),
	CONSTRAINT "lease_recurring_charges_amount_positive" CHECK ("lease_recurring_charges"."amount" > 0),
	CONSTRAINT "lease_recurring_charges_end_after_start" CHECK ("lease_recurring_charges"."end_date" IS NULL OR "lease_recurring_charges"."end_date" >= "lease_recurring_charges"."start_date"),
	CONSTRAINT "lease_recurring_charges_description_length" CHECK (char_length("lease_recurring_charges"."description") <= 200)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "first_period_rule" text DEFAULT 'prorate' NOT NULL;--> statement-breakpoint
ALTER TABLE "leases" ADD COLUMN "rent_due_day" integer;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "recurring_charge_id" integer;--> statement-breakpoint
ALTER TABLE "lease_recurring_charges" ADD CONSTRAINT "lease_recurring_charges_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lease_recurring_charges_lease_idx" ON "lease_recurring_charges" USING btree ("lease_id");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_recurring_charge_id_lease_recurring_charges_id_fk" FOREIGN KEY ("recurring_charge_id") REFERENCES "public"."lease_recurring_charges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_recurring_once" ON "ledger_entries" USING btree ("recurring_charge_id","period") WHERE "ledger_entries"."recurring_charge_id" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_first_period_rule_known" CHECK ("users"."first_period_rule" IN ('prorate', 'full', 'add_to_next'));--> statement-breakpoint
ALTER TABLE "leases" ADD CONSTRAINT "leases_rent_due_day_known" CHECK ("leases"."rent_due_day" IS NULL OR "leases"."rent_due_day" BETWEEN 1 AND 28 OR "leases"."rent_due_day" = 31);