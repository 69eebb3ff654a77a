// The invoice checkout's own checks answer with the contract's messages by name, and every message the
// billing address can give has its text in both languages (a missing one would show a bare key).
import { describe, expect, it } from "vitest";
import { locales } from "../../../contract/locale";
import { invoiceMessages } from "../../../contract/invoices";
import { i18nFor } from "../../lib/i18n";
import { billingMessageKey, billingProblems, emptyBilling } from "./billing-fields";

const filled = {
  name: "Åsa Öberg",
  careOf: "",
  street: "Ängsvägen 3",
  postcode: "12345",
  city: "Skövde",
  email: "asa@example.se",
};

describe("billingProblems", () => {
  it("finds nothing wrong with a whole Swedish address, c/o left out", () => {
    expect(billingProblems(filled)).toEqual({});
  });

  it("names each missing field with its message, the prefilled e-mail kept", () => {
    expect(billingProblems(emptyBilling("asa@example.se"))).toEqual({
      name: "invoiceCheckout.errors.nameRequired",
      street: "invoiceCheckout.errors.streetRequired",
      postcode: "invoiceCheckout.errors.postcodeInvalid",
      city: "invoiceCheckout.errors.cityRequired",
    });
  });

  it("refuses a postcode that is not five digits or starts with 0, and a wrong e-mail", () => {
    for (const postcode of ["1234", "123 456", "01234", "abcde"]) {
      expect(billingProblems({ ...filled, postcode }).postcode).toBe(
        "invoiceCheckout.errors.postcodeInvalid",
      );
    }
    expect(billingProblems({ ...filled, postcode: "SE-123 45" })).toEqual({});
    expect(billingProblems({ ...filled, email: "asa@" }).email).toBe("invoiceCheckout.errors.emailInvalid");
    expect(billingProblems({ ...filled, careOf: "x".repeat(201) }).careOf).toBe(
      "invoiceCheckout.errors.tooLong",
    );
  });

  it("gives a message it has no name for the general text", () => {
    expect(billingMessageKey("The name cannot be stored.")).toBe("invoiceCheckout.errors.invalid");
  });
});

describe.each(locales)("the billing messages in %s", (locale) => {
  const t = i18nFor(locale).t;
  const billingMessages = [
    "nameRequired",
    "streetRequired",
    "postcodeInvalid",
    "cityRequired",
    "emailInvalid",
    "tooLong",
  ] as const;

  it("has a text for every message the billing address can give", () => {
    for (const name of billingMessages) {
      const key = billingMessageKey(invoiceMessages[name]);
      expect(key).toBe(`invoiceCheckout.errors.${name}`);
      expect(t(key)).not.toBe(key);
    }
    expect(t("invoiceCheckout.errors.invalid")).not.toBe("invoiceCheckout.errors.invalid");
  });
});
