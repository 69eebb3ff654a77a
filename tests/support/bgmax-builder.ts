// Writes valid BgMax files from payment lists, for tests (unit and browser) that need a bank file
// paying particular invoices. Positions follow server/domain/invoicing/bgmax.ts (Bankgirot's manual); the
// opening, deposit and end records' counts and totals are computed, so the file always balances.
import type { BgMaxChannel, BgMaxPayerAddress, BgMaxReferenceType } from "../../server/domain/invoicing";

export type BuildExtraReference = {
  negative?: boolean;
  senderBankgiro?: string | null;
  reference: string;
  referenceType?: BgMaxReferenceType;
  amountOre?: number;
  channel?: BgMaxChannel;
  serial?: string;
};

export type BuildPayment = {
  kind?: "payment" | "deduction";
  senderBankgiro?: string | null;
  reference?: string;
  /** Defaults to "ocr" when there is a reference, "none" when there is not. */
  referenceType?: BgMaxReferenceType;
  amountOre: number;
  channel?: BgMaxChannel;
  serial?: string;
  hasImage?: boolean;
  deductionCode?: number;
  extraReferences?: BuildExtraReference[];
  information?: string[];
  payerName?: string;
  payerExtraName?: string;
  payerAddress?: BgMaxPayerAddress;
  payerOrgNumber?: string;
};

export type BuildSection = {
  recipientBankgiro: string;
  recipientPlusgiro?: string | null;
  currency?: string;
  bankAccount?: string;
  /** YYYY-MM-DD */
  depositDate: string;
  depositSerial?: string;
  depositType?: string;
  payments: BuildPayment[];
};

export type BuildBgMax = {
  /** YYYY-MM-DDTHH:MM:SS.ffffff, as parseBgMax returns it. */
  timestamp?: string;
  test?: boolean;
  sections: BuildSection[];
  /** "\r\n" to imitate files fetched from a Windows bank client. */
  lineEnding?: string;
};

const referenceCodes: Record<BgMaxReferenceType, string> = {
  blank: "0",
  none: "1",
  ocr: "2",
  multiple: "3",
  other: "4",
  invalid: "5",
};

const channelCodes: Record<BgMaxChannel, string> = { bank: "1", lb: "2", paper: "3", autogiro: "4" };

function left(value: string, width: number): string {
  if (value.length > width) throw new Error(`"${value}" is longer than ${width} characters`);
  return value.padEnd(width, " ");
}

function zeros(value: string | number, width: number): string {
  const text = String(value);
  if (text.length > width) throw new Error(`"${text}" is longer than ${width} digits`);
  return text.padStart(width, "0");
}

function record(code: string, body: string): string {
  return left(code + body, 80);
}

function transaction(
  code: string,
  fields: {
    senderBankgiro?: string | null;
    reference: string;
    referenceType: BgMaxReferenceType;
    amountOre: number;
    channel?: BgMaxChannel;
    serial: string;
    hasImage?: boolean;
  },
  tail = "",
): string {
  return record(
    code,
    zeros(fields.senderBankgiro ?? "", 10) +
      // Bankgirot right-aligns a checked OCR number (reference code 2) and left-aligns free text.
      (fields.referenceType === "ocr"
        ? left(fields.reference, 25).trimEnd().padStart(25, " ")
        : left(fields.reference, 25)) +
      zeros(fields.amountOre, 18) +
      referenceCodes[fields.referenceType] +
      channelCodes[fields.channel ?? "bank"] +
      zeros(fields.serial, 12) +
      (fields.hasImage ? "1" : "0") +
      tail,
  );
}

/** The file's bytes in ISO-8859-1, as Bankgirot delivers it. */
export function buildBgMax(spec: BuildBgMax): Buffer {
  const stamp = (spec.timestamp ?? "2026-11-20T06:15:00.000000").replace(/[-T:.]/g, "");
  const lines = [record("01", left("BGMAX", 20) + "01" + zeros(stamp, 20) + (spec.test ? "T" : "P"))];
  let serial = 1;
  const totals = { payments: 0, deductions: 0, extras: 0 };

  spec.sections.forEach((section, sectionIndex) => {
    const currency = section.currency ?? "SEK";
    lines.push(
      record(
        "05",
        zeros(section.recipientBankgiro, 10) +
          (section.recipientPlusgiro ? zeros(section.recipientPlusgiro, 10) : " ".repeat(10)) +
          currency,
      ),
    );
    let sum = 0;
    for (const payment of section.payments) {
      const kind = payment.kind ?? "payment";
      const reference = payment.reference ?? "";
      const fields = {
        ...payment,
        reference,
        referenceType: payment.referenceType ?? (reference === "" ? "none" : "ocr"),
        serial: payment.serial ?? zeros(serial++, 12),
      };
      if (kind === "payment") {
        lines.push(transaction("20", fields));
        totals.payments += 1;
        sum += payment.amountOre;
      } else {
        lines.push(transaction("21", fields, String(payment.deductionCode ?? 0)));
        totals.deductions += 1;
        sum -= payment.amountOre;
      }
      for (const extra of payment.extraReferences ?? []) {
        lines.push(
          transaction(extra.negative ? "23" : "22", {
            senderBankgiro: extra.senderBankgiro ?? payment.senderBankgiro ?? null,
            reference: extra.reference,
            referenceType: extra.referenceType ?? "ocr",
            amountOre: extra.amountOre ?? 0,
            channel: extra.channel ?? payment.channel,
            serial: extra.serial ?? fields.serial,
          }),
        );
        totals.extras += 1;
      }
      for (const text of payment.information ?? []) lines.push(record("25", left(text, 50)));
      if (payment.payerName !== undefined) {
        lines.push(record("26", left(payment.payerName, 35) + left(payment.payerExtraName ?? "", 35)));
      }
      if (payment.payerAddress) {
        const address = payment.payerAddress;
        lines.push(record("27", left(address.street, 35) + left(address.postcode, 9)));
        lines.push(
          record("28", left(address.city, 35) + left(address.country, 35) + left(address.countryCode, 2)),
        );
      }
      if (payment.payerOrgNumber !== undefined) lines.push(record("29", zeros(payment.payerOrgNumber, 12)));
    }
    if (sum < 0) throw new Error("a deposit cannot be negative");
    lines.push(
      record(
        "15",
        zeros(section.bankAccount ?? "58410000010098", 35) +
          section.depositDate.replaceAll("-", "") +
          zeros(section.depositSerial ?? String(sectionIndex + 1), 5) +
          zeros(sum, 18) +
          currency +
          zeros(section.payments.length, 8) +
          left(section.depositType ?? "", 1),
      ),
    );
  });

  lines.push(
    record(
      "70",
      zeros(totals.payments, 8) +
        zeros(totals.deductions, 8) +
        zeros(totals.extras, 8) +
        zeros(spec.sections.length, 8),
    ),
  );
  const ending = spec.lineEnding ?? "\n";
  return Buffer.from(lines.join(ending) + ending, "latin1");
}
