-- Prepaid terms (decisions "A page that lasts as long as the grave", ADR 041): an order of a term
-- keeps the stretch it paid (from where the page's time ended, ten or twenty-five years on), and an
-- admin's checkout link may carry a term instead of a period price.
ALTER TABLE "orders" ADD COLUMN "term_from" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "term_until" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "checkout_links" ADD COLUMN "term" text;
