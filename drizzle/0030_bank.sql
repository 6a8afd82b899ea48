CREATE TABLE "bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"last4" text,
	"opening_balance" numeric(12, 2) NOT NULL,
	"opening_date" date NOT NULL,
	"csv_mapping" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_accounts_name_length" CHECK (char_length("bank_accounts"."name") BETWEEN 1 AND 120),
	CONSTRAINT "bank_accounts_last4_digits" CHECK ("bank_accounts"."last4" IS NULL OR "bank_accounts"."last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "bank_balances" (
	"account_id" integer NOT NULL,
	"month" text NOT NULL,
	"closing_balance" numeric(12, 2) NOT NULL,
	"as_of" date NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_balances_account_id_month_pk" PRIMARY KEY("account_id","month"),
	CONSTRAINT "bank_balances_source_known" CHECK ("bank_balances"."source" IN ('ofx', 'csv', 'typed'))
);
--> statement-breakpoint
CREATE TABLE "bank_line_rejections" (
	"line_id" integer NOT NULL,
	"kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_line_rejections_line_id_kind_record_id_pk" PRIMARY KEY("line_id","kind","record_id"),
	CONSTRAINT "bank_line_rejections_kind_known" CHECK ("bank_line_rejections"."kind" IN ('payment', 'expense'))
);
--> statement-breakpoint
CREATE TABLE "bank_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"posted_on" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"description" text NOT NULL,
	"reference" text,
	"balance" numeric(12, 2),
	"line_key" text NOT NULL,
	"ledger_entry_id" integer,
	"expense_id" integer,
	"matched_at" timestamp with time zone,
	"matched_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_lines_amount_not_zero" CHECK ("bank_lines"."amount" <> 0),
	CONSTRAINT "bank_lines_one_match" CHECK ("bank_lines"."ledger_entry_id" IS NULL OR "bank_lines"."expense_id" IS NULL)
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_balances" ADD CONSTRAINT "bank_balances_account_id_bank_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_line_rejections" ADD CONSTRAINT "bank_line_rejections_line_id_bank_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."bank_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_account_id_bank_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_matched_by_user_id_users_id_fk" FOREIGN KEY ("matched_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_accounts_owner_idx" ON "bank_accounts" USING btree ("owner_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_lines_key_once" ON "bank_lines" USING btree ("account_id","line_key");--> statement-breakpoint
CREATE INDEX "bank_lines_account_date_idx" ON "bank_lines" USING btree ("account_id","posted_on");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_lines_payment_once" ON "bank_lines" USING btree ("ledger_entry_id") WHERE "bank_lines"."ledger_entry_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_lines_expense_once" ON "bank_lines" USING btree ("expense_id") WHERE "bank_lines"."expense_id" is not null;