ALTER TABLE "tenants" ADD COLUMN "moved_out_on" date;--> statement-breakpoint
ALTER TABLE "leases" ADD COLUMN "ended_on" date;--> statement-breakpoint
ALTER TABLE "leases" ADD COLUMN "end_reason" text;--> statement-breakpoint
ALTER TABLE "leases" ADD COLUMN "renewed_from_id" integer;--> statement-breakpoint
ALTER TABLE "rental_applications" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "leases" ADD CONSTRAINT "leases_renewed_from_id_leases_id_fk" FOREIGN KEY ("renewed_from_id") REFERENCES "public"."leases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leases_renewed_from_id_key" ON "leases" USING btree ("renewed_from_id");--> statement-breakpoint
ALTER TABLE "leases" ADD CONSTRAINT "leases_ended_within" CHECK ("leases"."ended_on" IS NULL OR "leases"."ended_on" >= "leases"."start_date");--> statement-breakpoint
ALTER TABLE "leases" ADD CONSTRAINT "leases_end_reason_length" CHECK (char_length("leases"."end_reason") <= 500);