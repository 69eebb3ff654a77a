-- Time anyone can give (decisions "A page that lasts as long as the grave", ADR 044): a gift is an
-- order like any other, its giver the order's customer, its page the order's page; `gift` marks it,
-- `gift_giver_name` is the name the giver signed with, and `gift_anonymous` keeps the giver out of the
-- family's e-mail when they asked for that.
ALTER TABLE "orders" ADD COLUMN "gift" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_giver_name" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_anonymous" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE INDEX "orders_gift_idx" ON "orders" USING btree ("profile_id","created_at") WHERE "gift";
