// Reads Bankgirot's BgMax payment file (Bankgiro Inbetalningar), so the importer can mark invoices
// paid by their OCR reference. Pure: no database, no clock; the importer decides what to book.
//
// Layout from Bankgirot's "Bankgiro Inbetalningar – Teknisk manual" (BgMax), chapter "Post- och
// filbeskrivning för BgMax-filen". Every record is 80 characters, ISO-8859-1, one per line. Positions
// below are the manual's, 1-based and inclusive, so they can be checked against it line by line.
//
// A file is: 01 start, then one or more sections (05 opening, payments, 15 deposit), then 70 end.
// A payment is a 20 (payment) or 21 (deduction) record followed by its own 22/23 (extra
// references), 25 (information text), 26 (name), 27/28 (address) and 29 (organisation number).
import {
  type BgMaxReferenceType,
  type BgMaxChannel,
  type BgMaxPayment,
  type BgMaxSection,
  type BgMaxTransaction,
  type BgMaxFile,
  BgMaxFormatError,
  BGMAX_RECORD_LENGTH,
} from "./bgmax-file";

const referenceTypes: Record<string, BgMaxReferenceType> = {
  "0": "blank",
  "1": "none",
  "2": "ocr",
  "3": "multiple",
  "4": "other",
  "5": "invalid",
};

const channels: Record<string, BgMaxChannel> = {
  "1": "bank",
  "2": "lb",
  "3": "paper",
  "4": "autogiro",
};

/** One record with field readers that name the field in their errors. */
class BgMaxRecord {
  constructor(
    readonly text: string,
    readonly line: number,
  ) {}

  get code(): string {
    return this.text.slice(0, 2);
  }

  fail(reason: string): never {
    throw new BgMaxFormatError(this.line, reason);
  }

  /** Positions `from`..`to` as in the manual (1-based, inclusive). */
  raw(from: number, to: number): string {
    return this.text.slice(from - 1, to);
  }

  /** A text field without its padding. */
  trimmed(from: number, to: number): string {
    return this.raw(from, to).trim();
  }

  digits(from: number, to: number, field: string): string {
    const value = this.raw(from, to);
    if (!/^\d+$/.test(value)) {
      this.fail(`${field} (positions ${from}-${to}) must be digits, got "${value}"`);
    }
    return value;
  }

  /** A zero-padded number such as a bankgiro; all zeros or blank means "none". */
  optionalNumber(from: number, to: number, field: string): string | null {
    const value = this.raw(from, to).trim();
    if (value === "") return null;
    if (!/^\d+$/.test(value)) {
      this.fail(`${field} (positions ${from}-${to}) must be digits, got "${this.raw(from, to)}"`);
    }
    const stripped = value.replace(/^0+/, "");
    return stripped === "" ? null : stripped;
  }

  count(from: number, to: number, field: string): number {
    return Number(this.digits(from, to, field));
  }

  amount(from: number, to: number, field: string): number {
    const value = Number(this.digits(from, to, field));
    // 18 digits exceed a double's exact range; no real deposit comes near it, but say so if one does.
    if (!Number.isSafeInteger(value)) this.fail(`${field} is too large`);
    return value;
  }

  code1(position: number, table: Record<string, string>, field: string): string {
    const value = this.raw(position, position);
    const mapped = table[value];
    if (mapped === undefined) this.fail(`${field} (position ${position}) is not valid: "${value}"`);
    return mapped;
  }
}

function decode(content: Buffer | string): string {
  return typeof content === "string" ? content : content.toString("latin1");
}

function isValidDate(yyyymmdd: string): boolean {
  const year = Number(yyyymmdd.slice(0, 4));
  const month = Number(yyyymmdd.slice(4, 6));
  const day = Number(yyyymmdd.slice(6, 8));
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function toRecords(text: string): BgMaxRecord[] {
  const lines = text.split(/\r?\n/);
  // A final newline (or several) is normal; blank lines inside the file are not.
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines.map((line, index) => {
    const record = new BgMaxRecord(line, index + 1);
    if (line.length !== BGMAX_RECORD_LENGTH) {
      record.fail(`record is ${line.length} characters long; BgMax records are ${BGMAX_RECORD_LENGTH}`);
    }
    return record;
  });
}

function parseStart(record: BgMaxRecord): Pick<BgMaxFile, "layoutVersion" | "timestamp" | "test"> {
  if (record.code !== "01") record.fail(`the file must start with a start record (01), not "${record.code}"`);
  const layout = record.trimmed(3, 22);
  if (layout !== "BGMAX") record.fail(`layout name must be "BGMAX", got "${layout}"`);
  const layoutVersion = record.digits(23, 24, "layout version");
  const stamp = record.digits(25, 44, "timestamp");
  if (!isValidDate(stamp.slice(0, 8))) record.fail(`timestamp has no such date: "${stamp.slice(0, 8)}"`);
  const timestamp =
    `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T` +
    `${stamp.slice(8, 10)}:${stamp.slice(10, 12)}:${stamp.slice(12, 14)}.${stamp.slice(14, 20)}`;
  const marker = record.raw(45, 45);
  if (marker !== "T" && marker !== "P") {
    record.fail(`test marker (position 45) must be "T" (test) or "P" (production), got "${marker}"`);
  }
  return { layoutVersion, timestamp, test: marker === "T" };
}

/** Fields shared by 20, 21, 22 and 23 records (positions 3-70). */
function parseTransactionFields(record: BgMaxRecord): BgMaxTransaction & { hasImage: boolean } {
  return {
    senderBankgiro: record.optionalNumber(3, 12, "sender bankgiro"),
    reference: record.trimmed(13, 37),
    amountOre: record.amount(38, 55, "amount"),
    referenceType: record.code1(56, referenceTypes, "reference code") as BgMaxReferenceType,
    channel: record.code1(57, channels, "channel code") as BgMaxChannel,
    serial: record.raw(58, 69).trim(),
    hasImage: record.raw(70, 70) === "1",
  };
}

function parsePayment(record: BgMaxRecord): BgMaxPayment {
  const fields = parseTransactionFields(record);
  const deduction = record.code === "21";
  return {
    kind: deduction ? "deduction" : "payment",
    ...fields,
    deductionCode: deduction ? Number(record.digits(71, 71, "deduction code")) : null,
    extraReferences: [],
    information: [],
    line: record.line,
  };
}

/** Adds a 22-29 record to the payment it follows. */
function addToPayment(payment: BgMaxPayment, record: BgMaxRecord): "extra" | "other" {
  switch (record.code) {
    case "22":
    case "23": {
      const { hasImage: _image, ...fields } = parseTransactionFields(record);
      payment.extraReferences.push({ negative: record.code === "23", ...fields, line: record.line });
      return "extra";
    }
    case "25":
      payment.information.push(record.trimmed(3, 52));
      return "other";
    case "26":
      payment.payerName = record.trimmed(3, 37);
      if (record.trimmed(38, 72) !== "") payment.payerExtraName = record.trimmed(38, 72);
      return "other";
    case "27":
      payment.payerAddress = {
        ...(payment.payerAddress ?? { city: "", country: "", countryCode: "" }),
        street: record.trimmed(3, 37),
        postcode: record.trimmed(38, 46),
      };
      return "other";
    case "28":
      payment.payerAddress = {
        ...(payment.payerAddress ?? { street: "", postcode: "" }),
        city: record.trimmed(3, 37),
        country: record.trimmed(38, 72),
        countryCode: record.trimmed(73, 74),
      };
      return "other";
    case "29": {
      const orgNumber = record.optionalNumber(3, 14, "organisation number");
      if (orgNumber !== null) payment.payerOrgNumber = orgNumber;
      return "other";
    }
    default:
      return record.fail(`unknown record type "${record.code}"`);
  }
}

/**
 * Parses and checks a BgMax file. Throws BgMaxFormatError naming the line of the first problem:
 * wrong layout, wrong record length, records out of order, unknown record types, or totals that
 * do not match what the file holds (the deposit amount must equal its payments minus its
 * deductions, the deposit's count must equal its payment and deduction records, and the end
 * record's counts must equal the payment, deduction, extra-reference and deposit records read).
 */
export function parseBgMax(content: Buffer | string): BgMaxFile {
  const records = toRecords(decode(content));
  if (records.length === 0) throw new BgMaxFormatError(1, "the file is empty");

  const start = parseStart(records[0]!);
  const sections: BgMaxSection[] = [];
  const counted = { payments: 0, deductions: 0, extraReferences: 0, deposits: 0 };

  let opening: { recipientBankgiro: string; recipientPlusgiro: string | null; currency: string } | null =
    null;
  let payments: BgMaxPayment[] = [];
  let current: BgMaxPayment | null = null;
  let ended = false;

  for (const next of records.slice(1)) {
    // Annotated so TypeScript treats record.fail() (returns never) as ending the branch.
    const record: BgMaxRecord = next;
    if (ended) record.fail("nothing may follow the end record (70)");
    switch (record.code) {
      case "05": {
        if (opening) record.fail("a new section (05) started before the previous one's deposit record (15)");
        const recipientBankgiro = record.optionalNumber(3, 12, "recipient bankgiro");
        if (recipientBankgiro === null) record.fail("the opening record (05) has no recipient bankgiro");
        opening = {
          recipientBankgiro,
          recipientPlusgiro: record.optionalNumber(13, 22, "recipient plusgiro"),
          currency: record.trimmed(23, 25),
        };
        payments = [];
        current = null;
        break;
      }
      case "20":
      case "21": {
        if (!opening) record.fail(`a payment record (${record.code}) outside a section (05 … 15)`);
        current = parsePayment(record);
        payments.push(current);
        if (current.kind === "payment") counted.payments += 1;
        else counted.deductions += 1;
        break;
      }
      case "22":
      case "23":
      case "25":
      case "26":
      case "27":
      case "28":
      case "29": {
        if (!current)
          record.fail(`record ${record.code} must follow a payment (20) or deduction (21) record`);
        if (addToPayment(current, record) === "extra") counted.extraReferences += 1;
        break;
      }
      case "15": {
        if (!opening) record.fail("a deposit record (15) without an opening record (05)");
        sections.push(parseDeposit(record, opening, payments));
        counted.deposits += 1;
        opening = null;
        current = null;
        break;
      }
      case "70": {
        if (opening) record.fail("the end record (70) came before the last section's deposit record (15)");
        checkEnd(record, counted);
        ended = true;
        break;
      }
      case "01":
        record.fail("a second start record (01)");
        break;
      default:
        record.fail(`unknown record type "${record.code}"`);
    }
  }

  if (!ended) {
    throw new BgMaxFormatError(records.length, "the file has no end record (70); it may be cut short");
  }
  return { ...start, sections };
}

function parseDeposit(
  record: BgMaxRecord,
  opening: { recipientBankgiro: string; recipientPlusgiro: string | null; currency: string },
  payments: BgMaxPayment[],
): BgMaxSection {
  const bankAccount = record.trimmed(3, 37).replace(/^0+/, "");
  const date = record.digits(38, 45, "payment date");
  if (!isValidDate(date)) record.fail(`payment date (positions 38-45) is not a date: "${date}"`);
  const depositSerial = record.digits(46, 50, "deposit serial number").replace(/^0+(?=\d)/, "");
  const depositAmountOre = record.amount(51, 68, "deposit amount");
  const currency = record.trimmed(69, 71);
  const paymentCount = record.count(72, 79, "number of payments");

  if (currency !== opening.currency) {
    record.fail(`deposit currency "${currency}" differs from the section's "${opening.currency}" (05)`);
  }
  if (paymentCount !== payments.length) {
    record.fail(
      `the deposit record counts ${paymentCount} payment and deduction records, but the section has ${payments.length}`,
    );
  }
  const sum = payments.reduce((total, p) => total + (p.kind === "payment" ? p.amountOre : -p.amountOre), 0);
  if (sum !== depositAmountOre) {
    record.fail(
      `the deposit amount is ${depositAmountOre} öre, but the section's payments minus deductions come to ${sum} öre`,
    );
  }
  return {
    ...opening,
    bankAccount,
    depositDate: `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`,
    depositSerial,
    depositAmountOre,
    depositType: record.trimmed(80, 80),
    payments,
  };
}

function checkEnd(
  record: BgMaxRecord,
  counted: { payments: number; deductions: number; extraReferences: number; deposits: number },
): void {
  const expected: [keyof typeof counted, number, number, string][] = [
    ["payments", 3, 10, "payment records (20)"],
    ["deductions", 11, 18, "deduction records (21)"],
    ["extraReferences", 19, 26, "extra reference records (22, 23)"],
    ["deposits", 27, 34, "deposit records (15)"],
  ];
  for (const [key, from, to, what] of expected) {
    const stated = record.count(from, to, `number of ${what}`);
    if (stated !== counted[key]) {
      record.fail(`the end record counts ${stated} ${what}, but the file has ${counted[key]}`);
    }
  }
}
