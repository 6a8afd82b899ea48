CREATE TABLE "vendors" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"contact_name" text,
	"email" text,
	"phone" text,
	"trade" text,
	"tax_id" text,
	"receives_1099" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendors_name_length" CHECK (char_length("vendors"."name") BETWEEN 1 AND 120)
);
--> statement-breakpoint
CREATE TABLE "expense_receipts" (
	"expense_id" integer NOT NULL,
	"upload_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expense_receipts_expense_id_upload_id_pk" PRIMARY KEY("expense_id","upload_id")
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"unit_id" integer,
	"vendor_id" integer,
	"category" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"expense_date" date NOT NULL,
	"paid_on" date,
	"due_date" date,
	"memo" text,
	"work_order_id" integer,
	"recurring_expense_id" integer,
	"period" text,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expenses_category_known" CHECK ("expenses"."category" IN ('advertising', 'auto_travel', 'cleaning_maintenance', 'commissions', 'insurance', 'legal_professional', 'management_fees', 'mortgage_interest', 'other_interest', 'repairs', 'supplies', 'taxes', 'utilities', 'depreciation', 'other')),
	CONSTRAINT "expenses_amount_positive" CHECK ("expenses"."amount" > 0),
	CONSTRAINT "expenses_memo_length" CHECK (char_length("expenses"."memo") <= 500)
);
--> statement-breakpoint
CREATE TABLE "recurring_expenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"unit_id" integer,
	"vendor_id" integer,
	"category" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"memo" text,
	"frequency" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"autopay" text DEFAULT 'paid' NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_expenses_category_known" CHECK ("recurring_expenses"."category" IN ('advertising', 'auto_travel', 'cleaning_maintenance', 'commissions', 'insurance', 'legal_professional', 'management_fees', 'mortgage_interest', 'other_interest', 'repairs', 'supplies', 'taxes', 'utilities', 'depreciation', 'other')),
	CONSTRAINT "recurring_expenses_frequency_known" CHECK ("recurring_expenses"."frequency" IN ('monthly', 'quarterly', 'yearly')),
	CONSTRAINT "recurring_expenses_autopay_known" CHECK ("recurring_expenses"."autopay" IN ('paid', 'unpaid')),
	CONSTRAINT "recurring_expenses_amount_positive" CHECK ("recurring_expenses"."amount" > 0),
	CONSTRAINT "recurring_expenses_end_after_start" CHECK ("recurring_expenses"."end_date" IS NULL OR "recurring_expenses"."end_date" >= "recurring_expenses"."start_date")
);
--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_receipts" ADD CONSTRAINT "expense_receipts_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_receipts" ADD CONSTRAINT "expense_receipts_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_recurring_expense_id_recurring_expenses_id_fk" FOREIGN KEY ("recurring_expense_id") REFERENCES "public"."recurring_expenses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_expenses" ADD CONSTRAINT "recurring_expenses_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_expenses" ADD CONSTRAINT "recurring_expenses_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_expenses" ADD CONSTRAINT "recurring_expenses_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_expenses" ADD CONSTRAINT "recurring_expenses_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendors_owner_idx" ON "vendors" USING btree ("owner_id","name");--> statement-breakpoint
CREATE INDEX "expense_receipts_upload_idx" ON "expense_receipts" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "expenses_property_date_idx" ON "expenses" USING btree ("property_id","expense_date");--> statement-breakpoint
CREATE INDEX "expenses_property_paid_idx" ON "expenses" USING btree ("property_id","paid_on");--> statement-breakpoint
CREATE INDEX "expenses_vendor_idx" ON "expenses" USING btree ("vendor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_work_order_once" ON "expenses" USING btree ("work_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_recurring_once" ON "expenses" USING btree ("recurring_expense_id","period") WHERE "expenses"."recurring_expense_id" is not null;--> statement-breakpoint
CREATE INDEX "recurring_expenses_property_idx" ON "recurring_expenses" USING btree ("property_id");