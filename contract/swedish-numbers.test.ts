import { describe, expect, it } from "vitest";
import {
  formatBankgiro,
  formatOrgNumber,
  formatPlusgiro,
  invoiceTotals,
  isValidBankgiro,
  isValidOcr,
  isValidOrgNumber,
  isValidPlusgiro,
  isValidPostcode,
  isValidVatNumber,
  lineAmounts,
  luhnCheckDigit,
  makeOcr,
  normalizeOcr,
  normalizePostcode,
  normalizeVatNumber,
  orgNumberKind,
  roundToKronor,
  vatNumberFromOrgNumber,
} from "./swedish-numbers";

describe("Luhn (mod 10)", () => {
  it("gives the published check digit", () => {
    // Wikipedia, "Luhn algorithm": the account number 7992739871 gets check digit 3.
    expect(luhnCheckDigit("7992739871")).toBe(3);
    expect(luhnCheckDigit("0")).toBe(0);
  });
});

describe("OCR references", () => {
  it("makes references with a length digit and a check digit, as published", () => {
    // banktools-se (github.com/barsoom/banktools-se README): "123" with length digit -> "12351".
    expect(makeOcr(123)).toBe("12351");
    expect(makeOcr("123")).toBe("12351");
    // github.com/ovidner/bitket wiki "OCR och fakturor": a 5-digit invoice number + 2 control
    // digits, the length digit always 7, the last by Luhn. 12345 -> length 7, Luhn 4.
    expect(makeOcr("12345")).toBe("1234574");
  });

  it("writes the length modulo 10 once the reference reaches ten digits", () => {
    // cogwork.se "Kontrollsiffror för OCR-nummer": ten or more digits keep only the units.
    const ocr = makeOcr("20260001"); // 8 + 2 = 10 digits
    expect(ocr).toHaveLength(10);
    expect(ocr.at(-2)).toBe("0");
    expect(isValidOcr(ocr)).toBe(true);
    expect(makeOcr("1234567890123")).toHaveLength(15);
    expect(makeOcr("1234567890123").at(-2)).toBe("5");
  });

  it("accepts what it makes, for every invoice number in a run", () => {
    for (let n = 0; n < 2000; n += 7) expect(isValidOcr(makeOcr(n))).toBe(true);
  });

  it("accepts a published reference typed with spaces", () => {
    // briandunning.com/cf/2455 (CheckBankGiro): 3646124682631 is a correct bankgiro OCR; its
    // second-last digit 3 is also its length (13) modulo 10.
    expect(isValidOcr("3646124682631")).toBe(true);
    expect(isValidOcr(" 1234 574 ")).toBe(true);
    expect(normalizeOcr(" 1234 574 ")).toBe("1234574");
  });

  it("rejects a mistyped digit, swapped digits, a dropped digit and a wrong length digit", () => {
    expect(isValidOcr("1234575")).toBe(false); // check digit off by one
    expect(isValidOcr("2134574")).toBe(false); // neighbours swapped
    expect(isValidOcr("123474")).toBe(false); // a digit dropped
    // Luhn alone accepts this one (the 6 was made to fit), the length digit does not:
    expect(luhnCheckDigit("123456")).toBe(6);
    expect(isValidOcr("1234566")).toBe(false);
  });

  it("rejects letters, too short and too long references", () => {
    expect(isValidOcr("12a4574")).toBe(false);
    expect(isValidOcr("")).toBe(false);
    expect(isValidOcr("0")).toBe(false);
    expect(isValidOcr(makeOcr("1".repeat(23)))).toBe(true); // 25 digits, the maximum
    expect(() => makeOcr("1".repeat(24))).toThrow(RangeError);
    expect(() => makeOcr(-1)).toThrow(RangeError);
    expect(() => makeOcr("12x")).toThrow(RangeError);
  });
});

describe("organisation numbers", () => {
  it("accepts published organisation numbers", () => {
    // AB Volvo, "Organisationsnummer 556012-5790" (volvo.com, annual report 2011).
    expect(isValidOrgNumber("556012-5790")).toBe(true);
    expect(isValidOrgNumber("5560125790")).toBe(true);
    expect(orgNumberKind("556012-5790")).toBe("legal-person");
    // Volvo Truck Center Sweden AB, VAT SE556072777701 (volvotruckcenter.se, Betalningsinformation).
    expect(isValidOrgNumber("556072-7777")).toBe(true);
  });

  it("rejects a wrong check digit and wrong lengths", () => {
    expect(isValidOrgNumber("556012-5791")).toBe(false);
    expect(isValidOrgNumber("556012-579")).toBe(false);
    expect(isValidOrgNumber("abcdef-ghij")).toBe(false);
  });

  it("accepts a sole trader's personnummer as the organisation number of an enskild firma", () => {
    // personnummer.info: the worked example 640823-3234 (check digit 4 by modulus 10).
    expect(orgNumberKind("640823-3234")).toBe("sole-trader");
    expect(orgNumberKind("19640823-3234")).toBe("sole-trader");
    expect(vatNumberFromOrgNumber("640823-3234")).toBe("SE640823323401");
    // A samordningsnummer (day + 60) is a personnummer too.
    const coordination = "640883323";
    expect(orgNumberKind(coordination + String(luhnCheckDigit(coordination)))).toBe("sole-trader");
  });

  it("rejects a third digit below 2 that is no birth date, though its check digit is right", () => {
    // personnummer.se/om: 750231-0241 has a correct check digit but is born on 31 February, chosen
    // so that it belongs to nobody.
    expect(luhnCheckDigit("750231024")).toBe(1);
    expect(isValidOrgNumber("750231-0241")).toBe(false);
    // Month 13 is no birth month either.
    const noMonth = "751301024";
    expect(isValidOrgNumber(noMonth + String(luhnCheckDigit(noMonth)))).toBe(false);
  });

  it("formats as NNNNNN-NNNN", () => {
    expect(formatOrgNumber("5560125790")).toBe("556012-5790");
    expect(formatOrgNumber(" 556012 5790 ")).toBe("556012-5790");
    expect(formatOrgNumber("19640823-3234")).toBe("640823-3234");
    expect(formatOrgNumber("12")).toBe("12");
  });
});

describe("VAT numbers", () => {
  it("is SE, the organisation number and 01", () => {
    expect(vatNumberFromOrgNumber("556072-7777")).toBe("SE556072777701");
    expect(isValidVatNumber("SE556072777701")).toBe(true);
    expect(isValidVatNumber("se 5560 7277 7701")).toBe(true);
    expect(normalizeVatNumber("se 5560 7277 7701")).toBe("SE556072777701");
  });

  it("rejects a bad organisation number, another suffix or country", () => {
    expect(isValidVatNumber("SE556072777801")).toBe(false);
    expect(isValidVatNumber("SE556072777702")).toBe(false);
    expect(isValidVatNumber("DK556072777701")).toBe(false);
    expect(() => vatNumberFromOrgNumber("556072-7778")).toThrow(RangeError);
  });
});

describe("bankgiro and plusgiro", () => {
  it("accepts published bankgiro numbers of 7 and 8 digits", () => {
    // volvotruckcenter.se: "Bankgiro med OCR: 5211-1853", "Bankgiro utan OCR: 620-8227".
    expect(isValidBankgiro("5211-1853")).toBe(true);
    expect(isValidBankgiro("620-8227")).toBe(true);
    // banktools-se README: " 5402968 1 " is valid and normalizes to "5402-9681".
    expect(isValidBankgiro(" 5402968 1 ")).toBe(true);
    expect(formatBankgiro(" 5402968 1 ")).toBe("5402-9681");
    expect(formatBankgiro("6208227")).toBe("620-8227");
  });

  it("rejects bad bankgiro numbers", () => {
    expect(isValidBankgiro("5211-1854")).toBe(false);
    expect(isValidBankgiro("123-456")).toBe(false); // 6 digits
    expect(isValidBankgiro("1X")).toBe(false);
  });

  it("accepts a published plusgiro number and prints it with the check digit after a dash", () => {
    // banktools-se README: plusgiro "2865434" is valid.
    expect(isValidPlusgiro("2865434")).toBe(true);
    expect(isValidPlusgiro("28 65 43-4")).toBe(true);
    expect(formatPlusgiro("2865434")).toBe("28 65 43-4");
    expect(formatPlusgiro("123455")).toBe("1 23 45-5");
    expect(isValidPlusgiro("2865435")).toBe(false);
    expect(isValidPlusgiro("1")).toBe(false);
    expect(isValidPlusgiro("123456789")).toBe(false);
  });
});

describe("postcodes", () => {
  it("prints five digits as 123 45", () => {
    expect(normalizePostcode("41305")).toBe("413 05");
    expect(normalizePostcode(" 413 05 ")).toBe("413 05");
    expect(normalizePostcode("SE-413 05")).toBe("413 05");
    expect(isValidPostcode("984 99")).toBe(true);
  });

  it("rejects what is not a Swedish postcode", () => {
    expect(isValidPostcode("01234")).toBe(false);
    expect(isValidPostcode("1234")).toBe(false);
    expect(isValidPostcode("123456")).toBe(false);
    expect(isValidPostcode("12a45")).toBe(false);
    expect(normalizePostcode(" 1234 ")).toBe("1234");
  });
});

describe("invoice amounts", () => {
  it("computes a line's net, VAT and total in öre", () => {
    // 2 profiles at 99 kr excl. VAT, 25 %: 198.00 + 49.50 = 247.50 kr.
    expect(lineAmounts({ quantity: 2, unitPriceOre: 9900, vatRatePercent: 25 })).toEqual({
      netOre: 19800,
      vatOre: 4950,
      totalOre: 24750,
    });
  });

  it("rounds half an öre up, on the net and on the VAT", () => {
    // 1.5 × 3.33 kr = 4.995 kr -> 5.00 kr net; 25 % of 4.99 kr = 1.2475 kr -> 1.25 kr.
    expect(lineAmounts({ quantity: 1.5, unitPriceOre: 333, vatRatePercent: 25 }).netOre).toBe(500);
    expect(lineAmounts({ quantity: 1, unitPriceOre: 499, vatRatePercent: 25 }).vatOre).toBe(125);
    // 6 % of 0.25 kr = 1.5 öre -> 2 öre; 12 % of 0.25 kr = 3 öre exactly.
    expect(lineAmounts({ quantity: 1, unitPriceOre: 25, vatRatePercent: 6 }).vatOre).toBe(2);
    expect(lineAmounts({ quantity: 1, unitPriceOre: 25, vatRatePercent: 12 }).vatOre).toBe(3);
    // 1.005 × 100 öre is 100.49999… in binary floats; exact arithmetic gives 100.5 -> 101.
    expect(lineAmounts({ quantity: 1.005, unitPriceOre: 100, vatRatePercent: 0 }).netOre).toBe(101);
  });

  it("mirrors a credit line: -0.5 öre rounds to -1, as its debit rounds to +1", () => {
    expect(lineAmounts({ quantity: -1, unitPriceOre: 499, vatRatePercent: 25 })).toEqual({
      netOre: -499,
      vatOre: -125,
      totalOre: -624,
    });
  });

  it("takes VAT once per rate on the rate's net, not the sum of rounded line VAT", () => {
    // Three lines of 2 öre at 25 %: each line's VAT is 0.5 öre -> 1 öre (3 öre in all), but
    // 25 % of the 6 öre net is 1.5 öre -> 2 öre, which is what the invoice owes.
    const lines = [1, 2, 3].map(() => ({ quantity: 1, unitPriceOre: 2, vatRatePercent: 25 }));
    expect(lines.reduce((sum, line) => sum + lineAmounts(line).vatOre, 0)).toBe(3);
    expect(invoiceTotals(lines)).toEqual({
      byRate: [{ vatRatePercent: 25, netOre: 6, vatOre: 2, totalOre: 8 }],
      netOre: 6,
      vatOre: 2,
      totalOre: 8,
    });
  });

  it("groups 25, 12 and 6 % separately, highest rate first, over many lines", () => {
    const lines = [
      ...Array.from({ length: 40 }, () => ({ quantity: 1, unitPriceOre: 1999, vatRatePercent: 6 })),
      { quantity: 3, unitPriceOre: 4990, vatRatePercent: 25 },
      { quantity: 0.5, unitPriceOre: 12345, vatRatePercent: 12 },
      { quantity: 1, unitPriceOre: 1000, vatRatePercent: 0 },
    ];
    const totals = invoiceTotals(lines);
    expect(totals.byRate).toEqual([
      // 149.70 kr × 25 % = 37.425 kr -> 37.43 kr
      { vatRatePercent: 25, netOre: 14970, vatOre: 3743, totalOre: 18713 },
      // 0.5 × 123.45 kr = 61.725 kr -> 61.73 kr; × 12 % = 7.4076 kr -> 7.41 kr
      { vatRatePercent: 12, netOre: 6173, vatOre: 741, totalOre: 6914 },
      // 40 × 19.99 kr = 799.60 kr; × 6 % = 47.976 kr -> 47.98 kr
      { vatRatePercent: 6, netOre: 79960, vatOre: 4798, totalOre: 84758 },
      { vatRatePercent: 0, netOre: 1000, vatOre: 0, totalOre: 1000 },
    ]);
    expect(totals.netOre).toBe(14970 + 6173 + 79960 + 1000);
    expect(totals.vatOre).toBe(3743 + 741 + 4798);
    expect(totals.totalOre).toBe(totals.netOre + totals.vatOre);
  });

  it("has nothing to total on an empty invoice", () => {
    expect(invoiceTotals([])).toEqual({ byRate: [], netOre: 0, vatOre: 0, totalOre: 0 });
  });

  it("refuses amounts that are not whole öre or rates that are not whole percents", () => {
    expect(() => lineAmounts({ quantity: 1, unitPriceOre: 9.5, vatRatePercent: 25 })).toThrow(RangeError);
    expect(() => lineAmounts({ quantity: 1, unitPriceOre: 100, vatRatePercent: 12.5 })).toThrow(RangeError);
    expect(() => lineAmounts({ quantity: Number.NaN, unitPriceOre: 100, vatRatePercent: 25 })).toThrow(
      RangeError,
    );
  });
});

describe("öresavrundning", () => {
  it("rounds the amount to pay to whole kronor, 50 öre up, and says by how much", () => {
    expect(roundToKronor(24750)).toEqual({ amountOre: 24800, roundingOre: 50 });
    expect(roundToKronor(24749)).toEqual({ amountOre: 24700, roundingOre: -49 });
    expect(roundToKronor(24700)).toEqual({ amountOre: 24700, roundingOre: 0 });
    expect(roundToKronor(-24750)).toEqual({ amountOre: -24800, roundingOre: -50 });
    expect(roundToKronor(0)).toEqual({ amountOre: 0, roundingOre: 0 });
  });
});
