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
