// The admin's address lists: pasted blocks and CSV files become Swedish postal addresses, or errors
// naming the block or row (and field) and no addresses at all.
import { describe, expect, it } from "vitest";
import {
  addressLines,
  maxAddresses,
  parseAddressBlocks,
  parseAddressCsv,
  type AddressParseResult,
} from "./addresses";

function addressesOf(result: AddressParseResult) {
  if (!result.ok) throw new Error(`expected addresses, got ${JSON.stringify(result.errors)}`);
  return result.addresses;
}
function errorsOf(result: AddressParseResult) {
  if (result.ok) throw new Error("expected errors, got addresses");
  return result.errors;
}

describe("pasted address blocks", () => {
  it("reads one address per block, with an optional second street line and a foreign country", () => {
    const pasted = [
      "Åsa Öberg",
      "Storgatan 1",
      "123 45 Växjö",
      "",
      "",
      "  Erik Ek  ",
      "c/o Lind",
      "Ängsvägen 2",
      "11122 Stockholm",
      "Sverige",
      "",
      "Ola Nordmann",
      "Karl Johans gate 1",
      "0154 Oslo",
      "Norge",
      "",
    ].join("\r\n");
    expect(addressesOf(parseAddressBlocks(pasted))).toEqual([
      { name: "Åsa Öberg", street: "Storgatan 1", postcode: "123 45", city: "Växjö" },
      { name: "Erik Ek", street: "c/o Lind", street2: "Ängsvägen 2", postcode: "111 22", city: "Stockholm" },
      {
        name: "Ola Nordmann",
        street: "Karl Johans gate 1",
        postcode: "0154",
        city: "Oslo",
        country: "Norge",
      },
    ]);
  });

  it("prints the country only when it is not Sweden", () => {
    const [sweden, norway] = addressesOf(
      parseAddressBlocks("A\nGatan 1\n123 45 Ort\nSweden\n\nB\nGate 1\n0154 Oslo\nNorway"),
    );
    expect(addressLines(sweden!)).toEqual(["A", "Gatan 1", "123 45 Ort"]);
    expect(addressLines(norway!)).toEqual(["B", "Gate 1", "0154 Oslo", "NORWAY"]);
  });

  it("names the bad blocks and makes nothing", () => {
    const errors = errorsOf(
      parseAddressBlocks("A\nGatan 1\n123 45 Ort\n\nB\nGatan 2\nOrt utan nummer\n\nC\nGatan 3\n023 45 Ort"),
    );
    expect(errors).toEqual([
      expect.objectContaining({ at: 2, field: null, message: "blockShape" }),
      expect.objectContaining({ at: 3, field: "postcode", message: "postcodeInvalid" }),
    ]);
  });

  it("refuses NUL characters, lone surrogates, over-long fields and more than the limit", () => {
    expect(errorsOf(parseAddressBlocks("A\u0000\nGatan 1\n123 45 Ort"))[0]?.message).toBe("unstorable");
    expect(errorsOf(parseAddressBlocks("A\ud800\nGatan 1\n123 45 Ort"))[0]?.message).toBe("unstorable");
    expect(errorsOf(parseAddressBlocks(`${"x".repeat(101)}\nGatan 1\n123 45 Ort`))).toEqual([
      expect.objectContaining({ at: 1, field: "name", message: "tooLong" }),
    ]);
    const block = "A\nGatan 1\n123 45 Ort";
    expect(addressesOf(parseAddressBlocks(Array(maxAddresses).fill(block).join("\n\n")))).toHaveLength(
      maxAddresses,
    );
    expect(
      errorsOf(
        parseAddressBlocks(
          Array(maxAddresses + 1)
            .fill(block)
            .join("\n\n"),
        ),
      ),
    ).toEqual([expect.objectContaining({ at: null, message: "tooMany" })]);
    expect(errorsOf(parseAddressBlocks(" \n\n"))[0]?.message).toBe("empty");
  });
});

describe("CSV address files", () => {
  it("reads quoted fields with commas, quotes and line breaks, CRLF, columns in any order", () => {
    const csv = [
      "City,Postcode,Name,Street,Street2,Country,Email",
      'Växjö,12345,"Öberg, Åsa","Storgatan ""Huset"" 1",,,a@example.se',
      'Oslo,0154,Ola,"Gate 1",,Norge,',
      "",
    ].join("\r\n");
    expect(addressesOf(parseAddressCsv(csv))).toEqual([
      { name: "Öberg, Åsa", street: 'Storgatan "Huset" 1', postcode: "123 45", city: "Växjö" },
      { name: "Ola", street: "Gate 1", postcode: "0154", city: "Oslo", country: "Norge" },
    ]);
  });

  it("takes Swedish headers in any case, and the semicolons Swedish spreadsheets write", () => {
    const csv = "\ufeffNAMN;Gatuadress;Postnummer;Ort;Land\nÅsa;Storgatan 1;123 45;Växjö;Sverige\n";
    expect(addressesOf(parseAddressCsv(csv))).toEqual([
      { name: "Åsa", street: "Storgatan 1", postcode: "123 45", city: "Växjö" },
    ]);
    expect(addressesOf(parseAddressCsv("namn,adress,postnummer,ort\nErik,Väg 2,111 22,Lund"))).toHaveLength(
      1,
    );
  });

  it("names bad rows by row number (the header is row 1) and field, and makes nothing", () => {
    const csv = [
      "name,street,postcode,city",
      "Åsa,Storgatan 1,123 45,Växjö",
      "",
      "Erik,,1234,Lund",
      '"Ola, ""O""","Gata\n2",123 45,',
    ].join("\n");
    const result = parseAddressCsv(csv);
    expect(result.ok).toBe(false);
    expect("addresses" in result).toBe(false);
    expect(errorsOf(result)).toEqual([
      expect.objectContaining({ at: 4, field: "street", message: "streetRequired" }),
      expect.objectContaining({ at: 4, field: "postcode", message: "postcodeInvalid" }),
      expect.objectContaining({ at: 5, field: "city", message: "cityRequired" }),
    ]);
  });

  it("names a missing column, an unclosed quote, NUL and over-long fields", () => {
    expect(errorsOf(parseAddressCsv("name,street,city\nA,B,C"))).toEqual([
      expect.objectContaining({ at: 1, field: "postcode", message: "csvMissingColumn" }),
    ]);
    expect(errorsOf(parseAddressCsv('name,street,postcode,city\nA,B,123 45,C\n"D,E,123 45,F'))).toEqual([
      expect.objectContaining({ at: 3, message: "csvUnclosedQuote" }),
    ]);
    expect(errorsOf(parseAddressCsv("name,street,postcode,city\nA\u0000,B,123 45,C"))[0]?.message).toBe(
      "unstorable",
    );
    expect(errorsOf(parseAddressCsv(`name,street,postcode,city\nA,B,123 45,${"C".repeat(61)}`))).toEqual([
      expect.objectContaining({ at: 2, field: "city", message: "tooLong" }),
    ]);
  });

  it("takes up to the limit of addresses and refuses one more", () => {
    const header = "name,street,postcode,city\n";
    const row = "A,B,123 45,C\n";
    expect(addressesOf(parseAddressCsv(header + row.repeat(maxAddresses)))).toHaveLength(maxAddresses);
    expect(errorsOf(parseAddressCsv(header + row.repeat(maxAddresses + 1)))).toEqual([
      expect.objectContaining({ at: null, message: "tooMany" }),
    ]);
  });
});
