ALTER TABLE "users" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_display_name_length" CHECK (char_length("users"."display_name") <= 100);--> statement-breakpoint
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
