-- The printed plaque or card a customer orders with a card payment (decisions "Pages a family can
-- start, and funeral homes that hand them out"): the address it is sent to, given at the checkout.
-- Null when none was given; a page paid by invoice is sent to its billing address as before. The
-- admin's "awaiting a plaque" list reads it. Only an addition (ADR 030).
ALTER TABLE "orders" ADD COLUMN "delivery_address" jsonb;
