// How the states of orders, subscriptions and checkout links are shown (StatePill's tone), in one place
// so the admin's screens and the customer's list agree.
import type { CheckoutLinkStatus } from "../../contract/admin-orders";
import type { OrderStatus, SubscriptionStatus } from "../../contract/orders";
import type { PillTone } from "../components/state-pill";

export const orderTones: Record<OrderStatus, PillTone> = {
  pending: "waiting",
  requires_confirmation: "waiting",
  scheduled: "good",
  paid: "good",
  failed: "bad",
  cancelled: "stopped",
  refunded: "stopped",
};

export const subscriptionTones: Record<SubscriptionStatus, PillTone> = {
  trialing: "good",
  active: "good",
  past_due: "waiting",
  cancelled: "stopped",
  ended: "stopped",
};

export const checkoutLinkTones: Record<CheckoutLinkStatus, PillTone> = {
  active: "good",
  used: "stopped",
  revoked: "bad",
  expired: "stopped",
};
