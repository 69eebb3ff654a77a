// What a BgMax payment file holds once read (./bgmax.ts reads it): its sections, payments and
// references, and the error a malformed file gives.
import { createHash } from "node:crypto";

/** What the reference field holds, from the record's reference code (position 56). */
export type BgMaxReferenceType =
  /** 0: the field is blank. */
  | "blank"
  /** 1: the payer gave no reference. */
  | "none"
  /** 2: a reference Bankgirot has checked as a correct OCR number. */
  | "ocr"
  /** 3: one or more references written by the payer (free text, may hold several numbers). */
  | "multiple"
  /** 4: one reference, not checked as an OCR number. */
  | "other"
  /** 5: a reference that failed Bankgirot's OCR check. */
  | "invalid";

/** How the payer paid (channel code, position 57). */
export type BgMaxChannel =
  /** 1: electronic payment from a bank (internet bank). */
  | "bank"
  /** 2: electronic payment through Leverantörsbetalningar (a company's payment file). */
  | "lb"
  /** 3: paper giro form. */
  | "paper"
  /** 4: Autogiro. */
  | "autogiro";

/** What a 20 or 21 record and its 22 and 23 records each say of the money (positions 3-69). */
export type BgMaxTransaction = {
  /** The payer's bankgiro number without leading zeros, or null when the payer has none. */
  senderBankgiro: string | null;
  reference: string;
  referenceType: BgMaxReferenceType;
  /** Always positive; `kind` or `negative` says which way it goes. */
  amountOre: number;
  channel: BgMaxChannel;
  /** Bankgirot's serial number for the payment (BGC löpnummer), 12 digits. */
  serial: string;
};

export type BgMaxExtraReference = BgMaxTransaction & {
  /** 22 adds a reference; 23 is a negative one (e.g. a credit note the payer deducted). */
  negative: boolean;
  line: number;
};

export type BgMaxPayerAddress = {
  street: string;
  postcode: string;
  city: string;
  country: string;
  countryCode: string;
};

export type BgMaxPayment = BgMaxTransaction & {
  /** A 20 record adds money to the deposit; a 21 record (deduction, e.g. a return) takes it away. */
  kind: "payment" | "deduction";
  /** Whether Bankgirot has an image of a paper form for it. */
  hasImage: boolean;
  /** Only on deductions (position 71): 0 whole, 1 partial without remainder, 2 partial with remainder. */
  deductionCode: number | null;
  extraReferences: BgMaxExtraReference[];
  /** The payer's messages (25 records), in order. */
  information: string[];
  payerName?: string;
  payerExtraName?: string;
  payerAddress?: BgMaxPayerAddress;
  payerOrgNumber?: string;
  /** The line of the 20/21 record, for reports that point the admin at the file. */
  line: number;
};

export type BgMaxSection = {
  /** The recipient's bankgiro number without leading zeros. */
  recipientBankgiro: string;
  recipientPlusgiro: string | null;
  currency: string;
  /** The recipient's bank account the money went to (from the 15 record). */
  bankAccount: string;
  /** Payment date (betalningsdag) as YYYY-MM-DD. */
  depositDate: string;
  depositSerial: string;
  depositAmountOre: number;
  /** Deposit type (position 80) as Bankgirot writes it; usually blank. */
  depositType: string;
  payments: BgMaxPayment[];
};

export type BgMaxFile = {
  layoutVersion: string;
  /** When Bankgirot wrote the file, Swedish local time, as YYYY-MM-DDTHH:MM:SS.ffffff (no zone). */
  timestamp: string;
  /** A test file ("T") rather than production ("P"): the importer must not book it as real money. */
  test: boolean;
  sections: BgMaxSection[];
};

/** A file that is not a well-formed BgMax file; `line` is 1-based, for the admin screen. */
export class BgMaxFormatError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`BgMax line ${line}: ${reason}`);
    this.name = "BgMaxFormatError";
  }
}

export const BGMAX_RECORD_LENGTH = 80;

/** Identifies a file by its bytes, so the importer can refuse one it has imported before. */
export function bgMaxFileKey(content: Buffer | string): string {
  const bytes = typeof content === "string" ? Buffer.from(content, "latin1") : content;
  return createHash("sha256").update(bytes).digest("hex");
}
