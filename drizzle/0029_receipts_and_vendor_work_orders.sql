ALTER TABLE "uploads" DROP CONSTRAINT "uploads_content_type_image";--> statement-breakpoint
DROP INDEX "expense_receipts_upload_idx";--> statement-breakpoint
ALTER TABLE "uploads" ALTER COLUMN "width" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ALTER COLUMN "height" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "assigned_vendor_id" integer;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_assigned_vendor_id_vendors_id_fk" FOREIGN KEY ("assigned_vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_orders_assigned_vendor_id_idx" ON "work_orders" USING btree ("assigned_vendor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "expense_receipts_upload_once" ON "expense_receipts" USING btree ("upload_id");--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_content_type_known" CHECK ("uploads"."content_type" IN ('image/webp', 'application/pdf'));--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_pixels_of_photos" CHECK (("uploads"."content_type" = 'application/pdf') = ("uploads"."width" IS NULL AND "uploads"."height" IS NULL));--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_one_assignee" CHECK ("work_orders"."assigned_staff_id" IS NULL OR "work_orders"."assigned_vendor_id" IS NULL);