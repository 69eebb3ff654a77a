import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildBgMax, type BuildBgMax } from "../../../tests/support/bgmax-builder";
import { BgMaxFormatError, bgMaxFileKey, type BgMaxExtraReference } from "./bgmax-file";
import { parseBgMax } from "./bgmax";

const realisticPath = join(import.meta.dirname, "../../../tests/fixtures/bgmax/realistic.txt");
const realistic = readFileSync(realisticPath);

/** The fixture's records as text, so a test can break one line and expect that line's number. */
function realisticLines(): string[] {
  return realistic
    .toString("latin1")
    .split("\r\n")
    .filter((line) => line !== "");
}

function withLine(lineNumber: number, replace: (line: string) => string): string {
  const lines = realisticLines();
  lines[lineNumber - 1] = replace(lines[lineNumber - 1]!);
  return lines.join("\r\n") + "\r\n";
}

/** Replaces positions from..to (1-based, inclusive, as in Bankgirot's manual). */
function put(line: string, from: number, value: string): string {
  return line.slice(0, from - 1) + value + line.slice(from - 1 + value.length);
}

/** The fixture's private payer, whose first payment the builder writes again. */
const privatePayer = {
  payerName: "Åsa Öberg",
  payerAddress: {
    street: "Storgatan 12",
    postcode: "11451",
    city: "Stockholm",
    country: "",
    countryCode: "",
  },
};

function formatError(content: string | Buffer): BgMaxFormatError {
  try {
    parseBgMax(content);
  } catch (error) {
    if (error instanceof BgMaxFormatError) return error;
    throw error;
  }
  throw new Error("the file parsed without error");
}

describe("parseBgMax on a realistic file", () => {
  const file = parseBgMax(realistic);

  it("reads the start record: production file and Bankgirot's timestamp", () => {
    expect(file.test).toBe(false);
    expect(file.layoutVersion).toBe("01");
    expect(file.timestamp).toBe("2026-11-20T06:15:32.004817");
    expect(file.sections).toHaveLength(2);
  });

  it("reads each section's opening and deposit records", () => {
    const [first, second] = file.sections;
    expect(first).toMatchObject({
      recipientBankgiro: "50501055",
      recipientPlusgiro: null,
      currency: "SEK",
      bankAccount: "58410000010098",
      depositDate: "2026-11-20",
      depositSerial: "12",
      depositAmountOre: 184700,
      depositType: "",
    });
    expect(first!.payments).toHaveLength(4);
    expect(second).toMatchObject({
      depositDate: "2026-11-23",
      depositSerial: "13",
      depositAmountOre: 139700,
    });
    expect(second!.payments).toHaveLength(2);
  });

  it("reads an OCR payment from a private payer with her name and address in Swedish letters", () => {
    expect(file.sections[0]!.payments[0]).toEqual({
      kind: "payment",
      senderBankgiro: "9912346",
      reference: "100164",
      referenceType: "ocr",
      amountOre: 49900,
      channel: "bank",
      serial: "261120000101",
      hasImage: false,
      deductionCode: null,
      extraReferences: [],
      information: [],
      ...privatePayer,
      line: 3,
    });
  });

  it("reads a company's payment through Leverantörsbetalningar with its second name line, country and organisation number", () => {
    expect(file.sections[0]!.payments[1]).toMatchObject({
      senderBankgiro: "3783511",
      reference: "100263",
      referenceType: "ocr",
      amountOre: 119800,
      channel: "lb",
      payerName: "Bäckströms Måleri AB",
      payerExtraName: "c/o Ekonomiavdelningen",
      payerAddress: {
        street: "Box 1234",
        postcode: "41103",
        city: "Göteborg",
        country: "Sverige",
        countryCode: "SE",
      },
      payerOrgNumber: "5566778899",
      line: 7,
    });
  });

  it("reads a paper payment without a reference, keeping the payer's message for manual matching", () => {
    expect(file.sections[0]!.payments[2]).toMatchObject({
      kind: "payment",
      senderBankgiro: null,
      reference: "",
      referenceType: "none",
      amountOre: 25000,
      channel: "paper",
      hasImage: true,
      information: ["Faktura 1004 för oktober, hälsningar Örjan"],
      payerName: "Örjan Ström",
      line: 12,
    });
  });

  it("reads a deduction as money going back, with its deduction code", () => {
    expect(file.sections[0]!.payments[3]).toMatchObject({
      kind: "deduction",
      senderBankgiro: "9912346",
      reference: "100560",
      referenceType: "ocr",
      amountOre: 10000,
      deductionCode: 0,
      payerName: "Åsa Öberg",
      line: 17,
    });
  });

  it("reads a payment of several invoices with its extra references (22) and a credit note (23)", () => {
    const payment = file.sections[1]!.payments[0]!;
    expect(payment).toMatchObject({
      reference: "100669 100768",
      referenceType: "multiple",
      amountOre: 99800,
      information: ["Kreditfaktura K5502 avräknad"],
      payerName: "Bäckströms Måleri AB",
      payerOrgNumber: "5566778899",
    });
    expect(payment.payerAddress).toBeUndefined();
    // The 22 and 23 records repeat the payment's bankgiro, channel and serial.
    const extraReference = (
      fields: Pick<BgMaxExtraReference, "negative" | "reference" | "referenceType" | "amountOre" | "line">,
    ): BgMaxExtraReference => ({
      senderBankgiro: "3783511",
      channel: "bank",
      serial: "261123000201",
      ...fields,
    });
    expect(payment.extraReferences).toEqual([
      extraReference({ negative: false, reference: "100669", referenceType: "ocr", amountOre: 0, line: 22 }),
      extraReference({ negative: false, reference: "100768", referenceType: "ocr", amountOre: 0, line: 23 }),
      extraReference({
        negative: true,
        reference: "K5502",
        referenceType: "other",
        amountOre: 5000,
        line: 24,
      }),
    ]);
  });

  it("reads the same file given as text already decoded", () => {
    expect(parseBgMax(realistic.toString("latin1"))).toEqual(file);
  });

  it("accepts Unix line endings and a file without a final newline", () => {
    expect(parseBgMax(realisticLines().join("\n"))).toEqual(file);
  });

  it("reads a test file's marker", () => {
    expect(parseBgMax(withLine(1, (line) => put(line, 45, "T"))).test).toBe(true);
  });
});

describe("parseBgMax refuses a malformed file, naming the line", () => {
  const cases: [string, string, number, RegExp][] = [
    ["a layout other than BGMAX", withLine(1, (l) => put(l, 3, "BGMIN")), 1, /layout name must be "BGMAX"/],
    [
      "a file not starting with a start record",
      withLine(1, (l) => put(l, 1, "05")),
      1,
      /must start with a start record/,
    ],
    ["an unknown test marker", withLine(1, (l) => put(l, 45, "X")), 1, /test marker/],
    [
      "a short record",
      withLine(4, (l) => l.trimEnd()),
      4,
      /record is 11 characters long; BgMax records are 80/,
    ],
    ["a long record", withLine(6, (l) => l + " "), 6, /81 characters long/],
    ["an unknown record type", withLine(5, (l) => put(l, 1, "24")), 5, /unknown record type "24"/],
    [
      "letters in an amount",
      withLine(3, (l) => put(l, 50, "12x")),
      3,
      /amount \(positions 38-55\) must be digits/,
    ],
    ["an unknown reference code", withLine(3, (l) => put(l, 56, "9")), 3, /reference code \(position 56\)/],
    ["an unknown channel code", withLine(3, (l) => put(l, 57, "7")), 3, /channel code \(position 57\)/],
    [
      "a deposit amount that is not payments minus deductions",
      withLine(19, (l) => put(l, 51, "000000000000184800")),
      19,
      /deposit amount is 184800 öre, but the section's payments minus deductions come to 184700 öre/,
    ],
    [
      "a deposit counting the wrong number of payments",
      withLine(19, (l) => put(l, 72, "00000003")),
      19,
      /counts 3 payment and deduction records, but the section has 4/,
    ],
    ["a deposit in another currency", withLine(19, (l) => put(l, 69, "EUR")), 19, /currency "EUR" differs/],
    ["an impossible payment date", withLine(19, (l) => put(l, 38, "20261131")), 19, /not a date/],
    [
      "an end record with the wrong payment count",
      withLine(31, (l) => put(l, 3, "00000006")),
      31,
      /counts 6 payment records \(20\), but the file has 5/,
    ],
    [
      "an end record with the wrong deduction count",
      withLine(31, (l) => put(l, 11, "00000000")),
      31,
      /counts 0 deduction records \(21\), but the file has 1/,
    ],
    [
      "an end record with the wrong extra reference count",
      withLine(31, (l) => put(l, 19, "00000002")),
      31,
      /counts 2 extra reference records \(22, 23\), but the file has 3/,
    ],
    [
      "an end record with the wrong deposit count",
      withLine(31, (l) => put(l, 27, "00000001")),
      31,
      /counts 1 deposit records \(15\), but the file has 2/,
    ],
  ];

  for (const [what, content, line, message] of cases) {
    it(`refuses ${what}`, () => {
      const error = formatError(content);
      expect(error.line).toBe(line);
      expect(error.reason).toMatch(message);
      expect(error.message).toBe(`BgMax line ${line}: ${error.reason}`);
    });
  }

  it("refuses a file cut short before its end record", () => {
    const lines = realisticLines().slice(0, 25);
    const error = formatError(lines.join("\n"));
    expect(error.line).toBe(25);
    expect(error.reason).toMatch(/no end record/);
  });

  it("refuses a name record before any payment", () => {
    const lines = realisticLines();
    lines.splice(2, 0, lines[3]!);
    const error = formatError(lines.join("\n"));
    expect(error.line).toBe(3);
    expect(error.reason).toMatch(/must follow a payment \(20\) or deduction \(21\) record/);
  });

  it("refuses a section without its deposit record", () => {
    const lines = realisticLines();
    lines.splice(18, 1);
    const error = formatError(lines.join("\n"));
    expect(error.line).toBe(19);
    expect(error.reason).toMatch(/new section \(05\) started before/);
  });

  it("refuses records after the end record", () => {
    const error = formatError(realistic.toString("latin1") + realisticLines()[3] + "\r\n");
    expect(error.line).toBe(32);
    expect(error.reason).toMatch(/nothing may follow the end record/);
  });

  it("refuses an empty file", () => {
    expect(formatError("").reason).toMatch(/empty/);
  });
});

describe("bgMaxFileKey", () => {
  it("is the SHA-256 of the file's bytes, the same for the same file and different for another", () => {
    expect(bgMaxFileKey(realistic)).toMatch(/^[0-9a-f]{64}$/);
    expect(bgMaxFileKey(Buffer.from(realistic))).toBe(bgMaxFileKey(realistic));
    expect(bgMaxFileKey(realistic.toString("latin1"))).toBe(bgMaxFileKey(realistic));
    expect(bgMaxFileKey(withLine(1, (l) => put(l, 45, "T")))).not.toBe(bgMaxFileKey(realistic));
  });
});

describe("buildBgMax (test support)", () => {
  const spec: BuildBgMax = {
    timestamp: "2026-12-01T07:00:00.123456",
    test: true,
    sections: [
      {
        recipientBankgiro: "50501055",
        depositDate: "2026-12-01",
        payments: [
          {
            senderBankgiro: "9912346",
            reference: "100164",
            amountOre: 49900,
            ...privatePayer,
          },
          { amountOre: 25000, channel: "paper", hasImage: true, information: ["Faktura 1004"] },
          {
            kind: "deduction",
            reference: "100560",
            amountOre: 10000,
            deductionCode: 1,
          },
        ],
      },
      {
        recipientBankgiro: "50501055",
        depositDate: "2026-12-02",
        payments: [
          {
            senderBankgiro: "3783511",
            reference: "100669 100768",
            referenceType: "multiple",
            amountOre: 99800,
            channel: "lb",
            extraReferences: [
              { reference: "100669" },
              { reference: "100768" },
              { reference: "K5502", negative: true, referenceType: "other", amountOre: 5000 },
            ],
            payerName: "Bäckströms Måleri AB",
            payerOrgNumber: "5566778899",
          },
        ],
      },
    ],
  };

  it("writes a file that parses back to the same payments, with balanced deposits and counts", () => {
    const file = parseBgMax(buildBgMax(spec));
    expect(file.timestamp).toBe("2026-12-01T07:00:00.123456");
    expect(file.test).toBe(true);
    expect(file.sections.map((s) => [s.depositDate, s.depositAmountOre])).toEqual([
      ["2026-12-01", 64900],
      ["2026-12-02", 99800],
    ]);
    file.sections.forEach((section, index) => {
      const wanted = spec.sections[index]!;
      expect(section.recipientBankgiro).toBe(wanted.recipientBankgiro);
      expect(section.currency).toBe("SEK");
      expect(section.payments).toHaveLength(wanted.payments.length);
      section.payments.forEach((payment, p) => {
        const { extraReferences, ...rest } = wanted.payments[p]!;
        expect(payment).toMatchObject(rest);
        expect(payment.extraReferences).toMatchObject(extraReferences ?? []);
      });
    });
    const [ocr, none, deduction] = file.sections[0]!.payments;
    expect(ocr).toMatchObject({ kind: "payment", referenceType: "ocr", channel: "bank" });
    expect(none).toMatchObject({ reference: "", referenceType: "none", senderBankgiro: null });
    expect(deduction).toMatchObject({ kind: "deduction", referenceType: "ocr", deductionCode: 1 });
  });

  it("writes ISO-8859-1 with CRLF when asked, as Bankgirot's files come", () => {
    const bytes = buildBgMax({ ...spec, lineEnding: "\r\n" });
    expect(bytes.includes(Buffer.from("Åsa Öberg", "latin1"))).toBe(true);
    expect(bytes.includes(Buffer.from("Åsa Öberg", "utf8"))).toBe(false);
    expect(parseBgMax(bytes).sections[0]!.payments[0]!.payerName).toBe("Åsa Öberg");
  });
});
