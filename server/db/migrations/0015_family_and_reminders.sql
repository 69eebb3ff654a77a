CREATE TABLE "profile_editors" (
	"profile_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"added_by_user_id" uuid,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_editors_profile_id_user_id_pk" PRIMARY KEY("profile_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "profile_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" text NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by_user_id" uuid,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "anniversary_subscriptions" (
	"profile_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "anniversary_subscriptions_profile_id_user_id_pk" PRIMARY KEY("profile_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "reminders_sent" (
	"profile_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"occasion" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminders_sent_profile_id_user_id_kind_occasion_pk" PRIMARY KEY("profile_id","user_id","kind","occasion")
);
--> statement-breakpoint
ALTER TABLE "profile_editors" ADD CONSTRAINT "profile_editors_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_editors" ADD CONSTRAINT "profile_editors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_editors" ADD CONSTRAINT "profile_editors_added_by_user_id_users_id_fk" FOREIGN KEY ("added_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_invitations" ADD CONSTRAINT "profile_invitations_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_invitations" ADD CONSTRAINT "profile_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_invitations" ADD CONSTRAINT "profile_invitations_accepted_by_user_id_users_id_fk" FOREIGN KEY ("accepted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anniversary_subscriptions" ADD CONSTRAINT "anniversary_subscriptions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anniversary_subscriptions" ADD CONSTRAINT "anniversary_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_editors_user_idx" ON "profile_editors" USING btree ("user_id","added_at");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_invitations_token_key" ON "profile_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "profile_invitations_profile_idx" ON "profile_invitations" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_invitations_open_key" ON "profile_invitations" USING btree ("profile_id","kind",lower("email")) WHERE "profile_invitations"."accepted_at" is null and "profile_invitations"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "anniversary_subscriptions_user_idx" ON "anniversary_subscriptions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "profile_invitations" ADD CONSTRAINT "profile_invitations_kind_check" CHECK ("kind" in ('editor', 'handover'));--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_kind_check" CHECK ("kind" in ('grave_right', 'birthday', 'death_day', 'ceremony'));--> statement-breakpoint
-- The daily sweep finds the grave rights that end within six months: ISO dates compare as text.
CREATE INDEX "profiles_grave_right_ends_idx" ON "profiles" (("content"->>'graveRightEndsOn')) WHERE "content"->>'graveRightEndsOn' IS NOT NULL;
