// A 400 of an invoice call names a billing field as `billing.<field>` with the schema's message: the
// form puts that field's own text at it, and leaves the other fields and codes to the form.
import { describe, expect, it } from "vitest";
import { invoiceMessages } from "../../../contract/invoices";
import { billingFieldsNamed } from "./use-billing";

describe("billingFieldsNamed", () => {
  it("puts each named billing field's message at it, by the message's name", () => {
    expect(
      billingFieldsNamed({
        code: "invalid_request",
        fields: {
          "billing.postcode": invoiceMessages.postcodeInvalid,
          "billing.city": "The city cannot be stored.",
          giverName: "The giver's name is at most 120 characters.",
        },
      }),
    ).toEqual({
      postcode: "invoiceCheckout.errors.postcodeInvalid",
      city: "invoiceCheckout.errors.invalid",
    });
  });

  it("answers null when no billing field is named, or the failure is no 400", () => {
    expect(billingFieldsNamed({ code: "invalid_request", fields: { giverName: "Too long." } })).toBeNull();
    expect(billingFieldsNamed({ code: "invalid_request", fields: { "billing.country": "x" } })).toBeNull();
    expect(
      billingFieldsNamed({ code: "conflict", fields: { "billing.name": invoiceMessages.nameRequired } }),
    ).toBeNull();
  });
});
