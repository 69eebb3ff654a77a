// The manual invoice form's arithmetic and messages: quantities typed the Swedish way, the request
// the API gets, and an API message naming a line's field turned into that field's i18n key.
import { describe, expect, it } from "vitest";
import { invoiceMessages, manualInvoiceRequestSchema } from "../../../../contract/invoices";
import { emptyDraft, isCountable, lineInputOf, newLine, parseQuantity, requestOf } from "./invoice-draft";
import { errorsOfFields, errorsOfIssues } from "./invoice-errors";

describe("parseQuantity", () => {
  it("reads a decimal comma or point and ignores spaces", () => {
    expect(parseQuantity("1,5")).toBe(1.5);
    expect(parseQuantity(" 2.25 ")).toBe(2.25);
    expect(parseQuantity("1 000")).toBe(1000);
  });
  it("gives NaN for what is not a quantity, which the schema refuses with its message", () => {
    expect(parseQuantity("")).toBeNaN();
    expect(parseQuantity("två")).toBeNaN();
    expect(parseQuantity("-1")).toBeNaN();
  });
});

describe("requestOf", () => {
  const draft = {
    ...emptyDraft(30),
    name: "Astrid Lindqvist",
    street: "Sveavägen 10",
    postcode: "11350",
    city: "Stockholm",
    email: "astrid@example.com",
    profileId: " 7k3m9q2x ",
    termsDays: "",
    lines: [
      { ...newLine(), description: "Minnessida", quantity: "1", unitPriceOre: 40000 },
      { ...newLine(6), description: "Bok", quantity: "2", unitPriceOre: 15000 },
    ],
  };

  it("is a request the API's schema takes: the page code in capitals, empty terms left to the creditor", () => {
    const request = requestOf(draft);
    expect(request.profileId).toBe("7K3M9Q2X");
    expect(request.termsDays).toBeNull();
    expect(request.lines[1]).toEqual({
      description: "Bok",
      quantity: 2,
      unitPriceOre: 15000,
      vatRatePercent: 6,
    });
    expect(manualInvoiceRequestSchema.safeParse(request).success).toBe(true);
  });

  it("names a line's wrong field by its path and the message's i18n key", () => {
    const broken = { ...draft, lines: [draft.lines[0]!, { ...draft.lines[1]!, quantity: "0" }] };
    const parsed = manualInvoiceRequestSchema.safeParse(requestOf(broken));
    expect(parsed.success).toBe(false);
    expect(errorsOfIssues(parsed.error!.issues)).toEqual({
      "lines.1.quantity": "adminInvoices.errors.quantityInvalid",
    });
  });

  it("leaves a line without a price out of the summary", () => {
    expect(isCountable(lineInputOf({ ...newLine(), unitPriceOre: null }))).toBe(false);
    expect(isCountable(lineInputOf({ ...newLine(), unitPriceOre: 100 }))).toBe(true);
  });
});

describe("errorsOfFields", () => {
  it("turns the API's English messages into the screen's keys, and an unknown one into a general one", () => {
    expect(
      errorsOfFields({
        "customer.postcode": invoiceMessages.postcodeInvalid,
        "lines.0.unitPriceOre": invoiceMessages.unitPriceInvalid,
        other: "Something else.",
      }),
    ).toEqual({
      "customer.postcode": "adminInvoices.errors.postcodeInvalid",
      "lines.0.unitPriceOre": "adminInvoices.errors.unitPriceInvalid",
      other: "adminInvoices.errors.invalid",
    });
  });
});
