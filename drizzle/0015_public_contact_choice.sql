ALTER TABLE "users" ADD COLUMN "show_email_publicly" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "show_phone_publicly" boolean DEFAULT true NOT NULL;