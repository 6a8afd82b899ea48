CREATE TABLE "member_invitation_properties" (
	"invitation_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	CONSTRAINT "member_invitation_properties_invitation_id_property_id_pk" PRIMARY KEY("invitation_id","property_id")
);
--> statement-breakpoint
CREATE TABLE "member_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"role" text NOT NULL,
	"email" text,
	"code_hash" text NOT NULL,
	"all_properties" boolean DEFAULT true NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"accepted_by_user_id" integer,
	CONSTRAINT "member_invitations_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "member_invitations_role_known" CHECK (role IN ('Owner', 'Manager', 'Bookkeeper', 'Leasing agent', 'Maintenance coordinator', 'Read-only'))
);
--> statement-breakpoint
ALTER TABLE "member_invitation_properties" ADD CONSTRAINT "member_invitation_properties_invitation_id_member_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."member_invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_invitation_properties" ADD CONSTRAINT "member_invitation_properties_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_invitations" ADD CONSTRAINT "member_invitations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_invitations" ADD CONSTRAINT "member_invitations_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_invitations" ADD CONSTRAINT "member_invitations_accepted_by_user_id_users_id_fk" FOREIGN KEY ("accepted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_invitation_properties_property_idx" ON "member_invitation_properties" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "member_invitations_organisation_idx" ON "member_invitations" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "member_invitations_created_by_id_idx" ON "member_invitations" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "member_invitations_accepted_by_user_id_idx" ON "member_invitations" USING btree ("accepted_by_user_id");