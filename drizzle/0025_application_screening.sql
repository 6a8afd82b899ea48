ALTER TABLE "rental_applications" ADD COLUMN "monthly_income" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "rental_applications" ADD COLUMN "employer" text;--> statement-breakpoint
ALTER TABLE "rental_applications" ADD COLUMN "current_address" text;--> statement-breakpoint
ALTER TABLE "rental_applications" ADD COLUMN "current_landlord_name" text;--> statement-breakpoint
ALTER TABLE "rental_applications" ADD COLUMN "current_landlord_phone" text;--> statement-breakpoint
ALTER TABLE "rental_applications" ADD COLUMN "has_pets" boolean;--> statement-breakpoint
ALTER TABLE "rental_applications" ADD COLUMN "pets_description" text;--> statement-breakpoint
ALTER TABLE "rental_applications" ADD COLUMN "background_check_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rental_applications" ADD CONSTRAINT "rental_applications_screening_length" CHECK (char_length("rental_applications"."employer") <= 100 AND char_length("rental_applications"."current_address") <= 200
        AND char_length("rental_applications"."current_landlord_name") <= 100
        AND char_length("rental_applications"."current_landlord_phone") <= 15
        AND char_length("rental_applications"."pets_description") <= 500);--> statement-breakpoint
ALTER TABLE "rental_applications" ADD CONSTRAINT "rental_applications_income_not_negative" CHECK ("rental_applications"."monthly_income" >= 0);