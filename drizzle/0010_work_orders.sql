CREATE TABLE "work_order_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"work_order_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"body" text NOT NULL,
	"visibility" text NOT NULL,
	"labour_hours" numeric(6, 2),
	"cost" numeric(12, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_order_notes_visibility_known" CHECK ("work_order_notes"."visibility" IN ('internal', 'tenant')),
	CONSTRAINT "work_order_notes_hours_range" CHECK ("work_order_notes"."labour_hours" >= 0),
	CONSTRAINT "work_order_notes_cost_range" CHECK ("work_order_notes"."cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "work_order_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"work_order_id" integer NOT NULL,
	"upload_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_order_photos_kind_known" CHECK ("work_order_photos"."kind" IN ('request', 'before', 'after'))
);
--> statement-breakpoint
CREATE TABLE "work_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"tenant_id" integer,
	"filed_by" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"location" text,
	"category" text NOT NULL,
	"priority" text NOT NULL,
	"entry_permission" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'New' NOT NULL,
	"assigned_staff_id" integer,
	"scheduled_for" date,
	"close_reason" text,
	"filed_at" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_orders_status_known" CHECK ("work_orders"."status" IN ('New', 'Assigned', 'In progress', 'Waiting', 'Done', 'Closed', 'Cancelled')),
	CONSTRAINT "work_orders_priority_known" CHECK ("work_orders"."priority" IN ('Emergency', 'Urgent', 'Routine')),
	CONSTRAINT "work_orders_category_known" CHECK ("work_orders"."category" IN ('Plumbing', 'Electrical', 'Heating/Cooling', 'Appliance', 'Pest', 'Other')),
	CONSTRAINT "work_orders_title_length" CHECK (char_length("work_orders"."title") BETWEEN 1 AND 120)
);
--> statement-breakpoint
ALTER TABLE "work_order_notes" ADD CONSTRAINT "work_order_notes_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_notes" ADD CONSTRAINT "work_order_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_photos" ADD CONSTRAINT "work_order_photos_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_photos" ADD CONSTRAINT "work_order_photos_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_filed_by_users_id_fk" FOREIGN KEY ("filed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_assigned_staff_id_staff_id_fk" FOREIGN KEY ("assigned_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_order_notes_work_order_id_idx" ON "work_order_notes" USING btree ("work_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_photos_upload_id_key" ON "work_order_photos" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "work_order_photos_work_order_id_idx" ON "work_order_photos" USING btree ("work_order_id");--> statement-breakpoint
CREATE INDEX "work_orders_unit_id_idx" ON "work_orders" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "work_orders_assigned_staff_id_idx" ON "work_orders" USING btree ("assigned_staff_id");--> statement-breakpoint
CREATE INDEX "work_orders_status_idx" ON "work_orders" USING btree ("status","priority");