-- Private pages (decisions "A page that lasts as long as the grave", ADR 043): a page's door (the
-- visitor password's argon2id hash, whether the door shows the portrait) and the invitations e-mailed
-- to let visitors in. The visibility itself stays in the page's metadata (`private`).
CREATE TABLE "private_page_doors" (
	"profile_id" text PRIMARY KEY NOT NULL,
	"password_hash" text,
	"password_changed_at" timestamp with time zone,
	"show_portrait" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_visitor_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "private_page_doors" ADD CONSTRAINT "private_page_doors_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_visitor_invitations" ADD CONSTRAINT "page_visitor_invitations_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_visitor_invitations" ADD CONSTRAINT "page_visitor_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "page_visitor_invitations_token_key" ON "page_visitor_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "page_visitor_invitations_profile_idx" ON "page_visitor_invitations" USING btree ("profile_id","created_at");
