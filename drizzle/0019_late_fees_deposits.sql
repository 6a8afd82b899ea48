CREATE TABLE "deposit_settlements" (
	"lease_id" integer PRIMARY KEY NOT NULL,
	"settled_on" date NOT NULL,
	"deducted" numeric(12, 2) NOT NULL,
	"applied" numeric(12, 2) NOT NULL,
	"returned" numeric(12, 2) NOT NULL,
	"unpaid_deductions" numeric(12, 2) NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_settlements_amounts_non_negative" CHECK ("deposit_settlements"."deducted" >= 0 and "deposit_settlements"."applied" >= 0 and "deposit_settlements"."returned" >= 0 and "deposit_settlements"."unpaid_deductions" >= 0)
);
--> statement-breakpoint
CREATE TABLE "deposit_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"lease_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"transaction_date" date NOT NULL,
	"description" text,
	"ledger_entry_id" integer,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_transactions_kind_known" CHECK ("deposit_transactions"."kind" in ('received', 'deducted', 'applied', 'returned')),
	CONSTRAINT "deposit_transactions_amount_positive" CHECK ("deposit_transactions"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "leases" ADD COLUMN "late_fee_kind" text;--> statement-breakpoint
ALTER TABLE "leases" ADD COLUMN "late_fee_amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "leases" ADD COLUMN "late_fee_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "leases" ADD COLUMN "late_fee_grace_days" integer;--> statement-breakpoint
ALTER TABLE "leases" ADD COLUMN "late_fee_cap" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "leases" ADD COLUMN "late_fee_since" date;--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD CONSTRAINT "deposit_settlements_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD CONSTRAINT "deposit_settlements_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_transactions" ADD CONSTRAINT "deposit_transactions_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_transactions" ADD CONSTRAINT "deposit_transactions_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_transactions" ADD CONSTRAINT "deposit_transactions_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_transactions_lease_idx" ON "deposit_transactions" USING btree ("lease_id","id");--> statement-breakpoint
ALTER TABLE "leases" ADD CONSTRAINT "leases_late_fee_rule" CHECK (("leases"."late_fee_kind" IS NULL AND "leases"."late_fee_amount" IS NULL AND "leases"."late_fee_percent" IS NULL AND "leases"."late_fee_cap" IS NULL)
        OR ("leases"."late_fee_kind" = 'flat' AND "leases"."late_fee_amount" > 0 AND "leases"."late_fee_percent" IS NULL)
        OR ("leases"."late_fee_kind" = 'percent' AND "leases"."late_fee_percent" > 0 AND "leases"."late_fee_percent" <= 100 AND "leases"."late_fee_amount" IS NULL));--> statement-breakpoint
ALTER TABLE "leases" ADD CONSTRAINT "leases_late_fee_grace" CHECK ("leases"."late_fee_grace_days" IS NULL OR "leases"."late_fee_grace_days" BETWEEN 0 AND 60);--> statement-breakpoint
ALTER TABLE "leases" ADD CONSTRAINT "leases_late_fee_cap_positive" CHECK ("leases"."late_fee_cap" IS NULL OR "leases"."late_fee_cap" > 0);--> statement-breakpoint
-- The deposit register is append-only, like the ledger: a movement is never edited or deleted.
-- Only the link to the person who recorded it may change (when that account is deleted).
CREATE FUNCTION deposits_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'deposit records cannot be deleted' USING ERRCODE = 'restrict_violation';
  END IF;
  IF (to_jsonb(NEW) - 'created_by_user_id') IS DISTINCT FROM (to_jsonb(OLD) - 'created_by_user_id') THEN
    RAISE EXCEPTION 'deposit records cannot be changed' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER deposit_transactions_append_only
  BEFORE UPDATE OR DELETE ON deposit_transactions
  FOR EACH ROW EXECUTE FUNCTION deposits_append_only();
--> statement-breakpoint
CREATE TRIGGER deposit_settlements_append_only
  BEFORE UPDATE OR DELETE ON deposit_settlements
  FOR EACH ROW EXECUTE FUNCTION deposits_append_only();
