-- Every payment e-mails its receipt (decisions "Where money meets people"): an order's first payment
-- has the order's receipt (orders.receipt_sent_at); each renewal that pays a later period has one of
-- its own here, numbered after its order (KM-000123-2 for the second period), with the amount and the
-- period it paid. sent_at is the claim that makes it one e-mail. Only an addition (ADR 030).
CREATE TABLE "renewal_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"receipt_number" text NOT NULL,
	"order_id" uuid NOT NULL,
	"payment_event_id" uuid NOT NULL,
	"plan" text NOT NULL,
	"amount_ore" integer NOT NULL,
	"net_ore" integer NOT NULL,
	"vat_ore" integer NOT NULL,
	"vat_rate_percent" integer NOT NULL,
	"currency" text DEFAULT 'SEK' NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "renewal_receipts_receipt_number_unique" UNIQUE("receipt_number"),
	CONSTRAINT "renewal_receipts_payment_event_id_unique" UNIQUE("payment_event_id")
);--> statement-breakpoint
ALTER TABLE "renewal_receipts" ADD CONSTRAINT "renewal_receipts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_receipts" ADD CONSTRAINT "renewal_receipts_payment_event_id_payment_events_id_fk" FOREIGN KEY ("payment_event_id") REFERENCES "public"."payment_events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "renewal_receipts_order_idx" ON "renewal_receipts" USING btree ("order_id","paid_at");--> statement-breakpoint
CREATE INDEX "renewal_receipts_unsent_idx" ON "renewal_receipts" USING btree ("paid_at") WHERE "renewal_receipts"."sent_at" is null;
