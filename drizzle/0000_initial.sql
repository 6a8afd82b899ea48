CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_name" text NOT NULL,
	"email" text,
	"phone" text,
	"password_hash" text NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_roles_known" CHECK ("users"."roles" <@ ARRAY['Landlord','Tenant','Maintenance','Admin']::text[]),
	CONSTRAINT "users_phone_length" CHECK (char_length("users"."phone") <= 15)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text NOT NULL,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "properties_state_code" CHECK ("properties"."state" ~ '^[A-Z]{2}$'),
	CONSTRAINT "properties_zip_code" CHECK ("properties"."zip_code" ~ '^[0-9]{5}(-[0-9]{4})?$'),
	CONSTRAINT "properties_image_url_http" CHECK ("properties"."image_url" ~* '^https?://')
);
--> statement-breakpoint
CREATE TABLE "units" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"unit_number" text NOT NULL,
	"description" text,
	"image_url" text,
	"bedrooms" integer NOT NULL,
	"bathrooms" numeric(4, 1) NOT NULL,
	"square_feet" numeric(10, 2) NOT NULL,
	"rent" numeric(12, 2) NOT NULL,
	"status" text DEFAULT 'Available' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "units_bedrooms_non_negative" CHECK ("units"."bedrooms" >= 0),
	CONSTRAINT "units_bathrooms_half_steps" CHECK ("units"."bathrooms" >= 0 AND mod("units"."bathrooms" * 2, 1) = 0),
	CONSTRAINT "units_square_feet_non_negative" CHECK ("units"."square_feet" >= 0),
	CONSTRAINT "units_rent_non_negative" CHECK ("units"."rent" >= 0),
	CONSTRAINT "units_status_known" CHECK ("units"."status" IN ('Available','Rented','Maintenance','Unavailable')),
	CONSTRAINT "units_image_url_http" CHECK ("units"."image_url" ~* '^https?://')
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"position" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_first_name_length" CHECK (char_length("staff"."first_name") BETWEEN 1 AND 50),
	CONSTRAINT "staff_last_name_length" CHECK (char_length("staff"."last_name") BETWEEN 1 AND 50),
	CONSTRAINT "staff_email_length" CHECK (char_length("staff"."email") BETWEEN 3 AND 100),
	CONSTRAINT "staff_phone_length" CHECK (char_length("staff"."phone") BETWEEN 1 AND 15),
	CONSTRAINT "staff_position_length" CHECK (char_length("staff"."position") BETWEEN 1 AND 50)
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"unit_number" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone_number" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenants_phone_length" CHECK (char_length("tenants"."phone_number") BETWEEN 1 AND 15)
);
--> statement-breakpoint
CREATE TABLE "leases" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"unit_number" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"rent" numeric(12, 2) NOT NULL,
	"deposit" numeric(12, 2) NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leases_end_after_start" CHECK ("leases"."end_date" >= "leases"."start_date"),
	CONSTRAINT "leases_rent_non_negative" CHECK ("leases"."rent" >= 0),
	CONSTRAINT "leases_deposit_non_negative" CHECK ("leases"."deposit" >= 0),
	CONSTRAINT "leases_status_known" CHECK ("leases"."status" IN ('Active','Terminated','Expired'))
);
--> statement-breakpoint
CREATE TABLE "rental_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"unit_number" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text NOT NULL,
	"move_in_date" date,
	"message" text,
	"status" text DEFAULT 'Pending' NOT NULL,
	"tenant_id" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_applications_status_known" CHECK ("rental_applications"."status" IN ('Pending','Approved','Rejected')),
	CONSTRAINT "rental_applications_phone_length" CHECK (char_length("rental_applications"."phone_number") BETWEEN 1 AND 15),
	CONSTRAINT "rental_applications_message_length" CHECK (char_length("rental_applications"."message") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leases" ADD CONSTRAINT "leases_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_applications" ADD CONSTRAINT "rental_applications_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_applications" ADD CONSTRAINT "rental_applications_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_user_name_lower_key" ON "users" USING btree (lower("user_name"));--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "properties_user_id_idx" ON "properties" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "units_property_id_idx" ON "units" USING btree ("property_id");--> statement-breakpoint
CREATE UNIQUE INDEX "units_property_unit_number_key" ON "units" USING btree ("property_id","unit_number");--> statement-breakpoint
CREATE INDEX "staff_property_id_idx" ON "staff" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "tenants_unit_id_idx" ON "tenants" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "leases_tenant_id_idx" ON "leases" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "leases_status_end_date_idx" ON "leases" USING btree ("status","end_date");--> statement-breakpoint
CREATE INDEX "rental_applications_unit_id_idx" ON "rental_applications" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "rental_applications_tenant_id_idx" ON "rental_applications" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "rental_applications_status_idx" ON "rental_applications" USING btree ("status");