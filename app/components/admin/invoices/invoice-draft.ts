// The manual invoice as the admin types it (text as typed, prices in öre from MoneyField), and the
// request it becomes. The request is what both the live summary and the server compute from, so the
// screen's totals are the issued invoice's.
import { SWEDISH_VAT_RATES } from "../../../../contract/swedish-numbers";
import type { InvoiceLineInput, ManualInvoiceRequest } from "../../../../contract/invoices";

export type DraftLine = {
  /** A stable key for React while rows come and go. */
  key: string;
  description: string;
  quantity: string;
  unitPriceOre: number | null;
  /** What MoneyField found wrong with the price as typed, if anything. */
  priceProblem?: string;
  vatRatePercent: string;
};

export type InvoiceDraft = {
  name: string;
  careOf: string;
  street: string;
  postcode: string;
  city: string;
  email: string;
  profileId: string;
  language: "sv-SE" | "en-US";
  termsDays: string;
  lines: DraftLine[];
};

let nextKey = 0;
export function newLine(vatRatePercent: number = SWEDISH_VAT_RATES[0]): DraftLine {
  nextKey += 1;
  return {
    key: `line-${nextKey}`,
    description: "",
    quantity: "1",
    unitPriceOre: null,
    vatRatePercent: String(vatRatePercent),
  };
}

export function emptyDraft(termsDays: number): InvoiceDraft {
  return {
    name: "",
    careOf: "",
    street: "",
    postcode: "",
    city: "",
    email: "",
    profileId: "",
    language: "sv-SE",
    termsDays: String(termsDays),
    lines: [newLine()],
  };
}

/** "1,5", "1.5", "2" → a number; anything else NaN (which the schema refuses with its message). */
export function parseQuantity(text: string): number {
  const plain = text.trim().replace(/\s/g, "").replace(",", ".");
  return /^\d+(\.\d+)?$/.test(plain) ? Number(plain) : Number.NaN;
}

export function lineInputOf(line: DraftLine): InvoiceLineInput {
  return {
    description: line.description,
    quantity: parseQuantity(line.quantity),
    unitPriceOre: line.unitPriceOre ?? Number.NaN,
    vatRatePercent: Number(line.vatRatePercent),
  };
}

/** A line the summary can add up: a quantity, a price and a known rate, whatever its description. */
export function isCountable(line: InvoiceLineInput): boolean {
  return (
    Number.isFinite(line.quantity) &&
    line.quantity > 0 &&
    Number.isSafeInteger(line.unitPriceOre) &&
    line.unitPriceOre >= 0 &&
    (SWEDISH_VAT_RATES as readonly number[]).includes(line.vatRatePercent)
  );
}

export function requestOf(draft: InvoiceDraft): ManualInvoiceRequest {
  const days = draft.termsDays.trim();
  const profileId = draft.profileId.trim().toUpperCase();
  return {
    customer: {
      name: draft.name,
      careOf: draft.careOf,
      street: draft.street,
      postcode: draft.postcode,
      city: draft.city,
      email: draft.email,
    },
    profileId: profileId === "" ? null : profileId,
    language: draft.language,
    // Empty: the creditor's terms, which the server fills in.
    termsDays: days === "" ? null : /^\d+$/.test(days) ? Number(days) : Number.NaN,
    lines: draft.lines.map(lineInputOf),
  };
}
