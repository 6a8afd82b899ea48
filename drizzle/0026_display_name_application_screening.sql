ALTER TABLE "users" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "rental_applications" ADD COLUMN "monthly_income" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "rental_applications" ADD COLUMN "employer" text;--> statement-breakpoint
ALTER TABLE "rental_applications" ADD COLUMN "current_address" text;--> statement-breakpoint
ALTER TABLE "rental_applications" ADD COLUMN "current_landlord_name" text;--> statement-breakpoint
ALTER TABLE "rental_applications" ADD COLUMN "current_landlord_phone" text;--> statement-breakpoint
ALTER TABLE "rental_applications" ADD COLUMN "has_pets" boolean;--> statement-breakpoint
ALTER TABLE "rental_applications" ADD COLUMN "pets_description" text;--> statement-breakpoint
ALTER TABLE "rental_applications" ADD COLUMN "background_check_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_display_name_length" CHECK (char_length("users"."display_name") <= 100);--> statement-breakpoint
ALTER TABLE "rental_applications" ADD CONSTRAINT "rental_applications_screening_length" CHECK (char_length("rental_applications"."employer") <= 100 AND char_length("rental_applications"."current_address") <= 200
        AND char_length("rental_applications"."current_landlord_name") <= 100
        AND char_length("rental_applications"."current_landlord_phone") <= 15
        AND char_length("rental_applications"."pets_description") <= 500);--> statement-breakpoint
ALTER TABLE "rental_applications" ADD CONSTRAINT "rental_applications_income_not_negative" CHECK ("rental_applications"."monthly_income" >= 0);--> statement-breakpoint
-- hand-written below
-- The public listing shows the owner's display name: changing it raises the listing's revision.
DROP TRIGGER public_listing_revision_users ON users;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER public_listing_revision_users
  AFTER UPDATE OF user_name, email, phone, show_email_publicly, show_phone_publicly, display_name ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.user_name, OLD.email, OLD.phone, OLD.show_email_publicly, OLD.show_phone_publicly, OLD.display_name)
        IS DISTINCT FROM
        (NEW.user_name, NEW.email, NEW.phone, NEW.show_email_publicly, NEW.show_phone_publicly, NEW.display_name))
  EXECUTE FUNCTION raise_public_listing_revision();
