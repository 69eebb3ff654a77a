import type { CheckoutRequest } from "../../server/providers/payments/types";

// What the checkout tests pay with: the sandbox's succeeding test card and a Swedish billing address.
export const testCard = {
  cardNumber: "4242 4242 4242 4242",
  expiry: "12/39",
  cvc: "123",
  name: "Kalle Anka",
};

export const billingAddress = {
  name: "Ingrid Åberg",
  street: "Storgatan 12",
  postcode: "12345",
  city: "Överum",
  email: "ingrid@example.com",
};

let checkoutSequence = 100;

/** A card checkout as the domain asks a provider for one: a monthly plan for page 7KX2M9Q0. */
export function checkoutRequestSample(
  publicUrl: string,
  overrides: Partial<CheckoutRequest> = {},
): CheckoutRequest {
  checkoutSequence += 1;
  const orderNumber = `KM-${String(checkoutSequence).padStart(6, "0")}`;
  return {
    orderNumber,
    profileId: "7KX2M9Q0",
    customer: { id: "4f1c2a9e-5b7d-4e3f-9a1b-2c3d4e5f6a7b", email: "anna@example.com" },
    amountOre: 4900,
    currency: "SEK",
    interval: "month",
    iterations: 0,
    trialDays: 0,
    trialEndsAt: null,
    description: "Kammare 7KX2M9Q0, monthly",
    successUrl: `${publicUrl}/k/7KX2M9Q0/checkout/confirm?order=${orderNumber}`,
    cancelUrl: `${publicUrl}/k/7KX2M9Q0/checkout/card`,
    idempotencyKey: `order-${checkoutSequence}-${Date.now()}`,
    ...overrides,
  };
}
