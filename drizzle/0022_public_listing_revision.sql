CREATE TABLE "public_listing_revision" (
	"single" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"revision" bigint DEFAULT 1 NOT NULL,
	"raised_by" bigint,
	CONSTRAINT "public_listing_revision_single" CHECK ("public_listing_revision"."single")
);
