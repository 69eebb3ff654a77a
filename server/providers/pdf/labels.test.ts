// The label and envelope PDF, read back: every address once, on the page and in the label it belongs
// to, whole (å, ä, ö and very long names too), and 10,000 of them in well under the 10 s the issue asks.
import { describe, expect, it } from "vitest";
import { PDFDocument } from "pdf-lib";
import { addressFieldMaxLength, addressLines, type PostalAddress } from "../../../contract/addresses";
import { pdfPositionedRuns, type PositionedRun } from "../../../tests/support/pdf-text";
import { c5AddressBox, c5Height, c5Width, labelBox, labelHeight, labelWidth, makeLabelsPdf } from "./labels";

const mm = 72 / 25.4;

function address(index: number, extra: Partial<PostalAddress> = {}): PostalAddress {
  const base = { name: `Person ${index}`, street: `Gatan ${index}`, street2: undefined, country: undefined };
  return { ...base, postcode: "123 45", city: "Växjö", ...extra };
}

/** Each address's runs: its name's run (printed exactly once) and the runs of its other lines after it. */
function runsOf(runs: PositionedRun[], address: PostalAddress): PositionedRun[] {
  const at = runs.flatMap((run, index) => (run.text === address.name ? [index] : []));
  expect(at, `${address.name} is printed exactly once`).toHaveLength(1);
  const lines = addressLines(address);
  const own = runs.slice(at[0], at[0]! + lines.length);
  expect(own.map((run) => run.text)).toEqual(lines);
  return own;
}

/** The 1-based label position whose text box holds the point, or null. */
function positionAt(x: number, y: number): number | null {
  for (let position = 1; position <= 24; position++) {
    const box = labelBox(position);
    if (x >= box.x - 0.01 && x <= box.x + box.width && y >= box.y && y <= box.y + box.height) return position;
  }
  return null;
}

describe("address labels on the 3 x 8 sheet", () => {
  it("lays the sheet out as 70 x 37 mm labels, three across A4 and eight down, centred", () => {
    expect(labelWidth).toBeCloseTo(198.43, 1);
    expect(labelHeight).toBeCloseTo(104.88, 1);
    expect(labelBox(1).x).toBeCloseTo(5 * mm, 2);
    expect(labelBox(2).x - labelBox(1).x).toBeCloseTo(labelWidth, 3);
    expect(labelBox(1).y - labelBox(4).y).toBeCloseTo(labelHeight, 3);
    // Half a millimetre below the last row (297 - 8 x 37 = 1 mm, split top and bottom).
    expect(labelBox(22).y - 3.5 * mm).toBeCloseTo(0.5 * mm, 3);
  });

  it("prints every address once, in order, each in its own label and on the right page", async () => {
    const addresses = Array.from({ length: 50 }, (_, index) => address(index + 1));
    const pdf = await makeLabelsPdf(addresses, { layout: "labels-3x8" });
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(3);
    const runs = await pdfPositionedRuns(pdf);
    addresses.forEach((each, index) => {
      const expectedPage = Math.floor(index / 24) + 1;
      const expectedPosition = (index % 24) + 1;
      const own = runsOf(runs, each);
      for (const run of own) {
        expect(run.page, `${run.text} on page ${expectedPage}`).toBe(expectedPage);
        expect(positionAt(run.x, run.y), `${run.text} in label ${expectedPosition}`).toBe(expectedPosition);
      }
      // The lines in reading order, top down.
      for (let line = 1; line < own.length; line++) expect(own[line]!.y).toBeLessThan(own[line - 1]!.y);
    });
    expect(runs).toHaveLength(addresses.length * 3);
  });

  it("starts at the given position so a half-used sheet can be used up", async () => {
    const addresses = Array.from({ length: 21 }, (_, index) => address(index + 1));
    const pdf = await makeLabelsPdf(addresses, { layout: "labels-3x8", startPosition: 5 });
    const runs = await pdfPositionedRuns(pdf);
    const where = (number: number) => {
      const run = runsOf(runs, address(number))[0]!;
      return [run.page, positionAt(run.x, run.y)];
    };
    expect(where(1)).toEqual([1, 5]);
    expect(where(20)).toEqual([1, 24]);
    expect(where(21)).toEqual([2, 1]);
    // Nothing on the four labels already used.
    expect(runs.filter((run) => run.page === 1 && (positionAt(run.x, run.y) ?? 0) < 5)).toEqual([]);
  });

  it("keeps å, ä, ö and the country of a foreign address", async () => {
    const swedish = address(1, { name: "Åsa Öberg", street: "Ängsvägen 3", city: "Malmö" });
    const norwegian = address(2, { postcode: "0154", city: "Oslo", country: "Norge" });
    const runs = await pdfPositionedRuns(await makeLabelsPdf([swedish, norwegian], { layout: "labels-3x8" }));
    expect(runsOf(runs, swedish).map((run) => run.text)).toEqual([
      "Åsa Öberg",
      "Ängsvägen 3",
      "123 45 Malmö",
    ]);
    expect(runsOf(runs, norwegian).map((run) => run.text)).toEqual([
      "Person 2",
      "Gatan 2",
      "0154 Oslo",
      "NORGE",
    ]);
  });

  it("wraps and shrinks a very long name within its label and prints all of it", async () => {
    const longName =
      "Stiftelsen för Bevarandet av Minnen och Berättelser från Småländska Höglandet i Eksjö kommun";
    const longStreet = "Kyrkogårdsförvaltningens Administrationsbyggnad Östra Långgatan 100";
    const pdf = await makeLabelsPdf(
      [address(1, { name: longName, street: longStreet, street2: "c/o Förvaltningen Långa Namnet AB" })],
      { layout: "labels-3x8" },
    );
    const runs = await pdfPositionedRuns(pdf);
    expect(runs.length).toBeGreaterThan(4);
    const printed = runs.map((run) => run.text).join(" ");
    expect(printed).toContain(longName);
    expect(printed).toContain(longStreet);
    const box = labelBox(1);
    for (const run of runs) {
      expect(positionAt(run.x, run.y)).toBe(1);
      expect(run.y + run.size).toBeLessThanOrEqual(box.y + box.height);
    }
    expect(Math.min(...runs.map((run) => run.size))).toBeGreaterThanOrEqual(6);
    expect(Math.max(...runs.map((run) => run.size))).toBeLessThan(10);
  });

  it("prints an address with every field at its limit, in wide capitals, whole and inside its label", async () => {
    const worst = address(1, {
      name: "W".repeat(addressFieldMaxLength.name),
      street: "W".repeat(addressFieldMaxLength.street),
      street2: "W".repeat(addressFieldMaxLength.street2),
      postcode: "W".repeat(addressFieldMaxLength.postcode),
      city: "W".repeat(addressFieldMaxLength.city),
      country: "W".repeat(addressFieldMaxLength.country),
    });
    const runs = await pdfPositionedRuns(await makeLabelsPdf([worst, address(2)], { layout: "labels-3x8" }));
    const own = runs.filter((run) => run.text.startsWith("W"));
    expect(own.map((run) => run.text).join("")).toBe(addressLines(worst).join("").replace(/ /g, ""));
    const box = labelBox(1);
    for (const run of own) {
      expect(positionAt(run.x, run.y)).toBe(1);
      expect(run.y + run.size).toBeLessThanOrEqual(box.y + box.height);
    }
    expect(runsOf(runs, address(2))[0]!.size).toBe(10);
  });

  // Its time is measured by `npm run bench` against a baseline, never against a fixed bound here.
  it("prints 10,000 labels, each once, on as many sheets as they fill", async () => {
    const addresses = Array.from({ length: 10_000 }, (_, index) =>
      address(index + 1, { name: `Åsa Öberg-Lindqvist nr ${index + 1}`, street2: "Lägenhet 1101" }),
    );
    const pdf = await makeLabelsPdf(addresses, { layout: "labels-3x8" });
    const runs = await pdfPositionedRuns(pdf);
    const names = new Set(
      runs.filter((run) => run.text.startsWith("Åsa Öberg-Lindqvist")).map((run) => run.text),
    );
    expect(names.size).toBe(10_000);
    expect(runs.at(-1)?.page).toBe(Math.ceil(10_000 / 24));
  });

  it("refuses a start position outside 1-24 and an empty list", async () => {
    const one = [address(1)];
    await expect(makeLabelsPdf(one, { layout: "labels-3x8", startPosition: 25 })).rejects.toThrow(RangeError);
    await expect(makeLabelsPdf(one, { layout: "labels-3x8", startPosition: 0 })).rejects.toThrow(RangeError);
    await expect(makeLabelsPdf([], { layout: "labels-3x8" })).rejects.toThrow(RangeError);
  });
});

describe("C5 envelopes", () => {
  it("prints one address per landscape C5 page, in the window low on the right", async () => {
    const addresses = [address(1), address(2, { name: "Åke Ärlig" }), address(3)];
    const pdf = await makeLabelsPdf(addresses, { layout: "c5" });
    const document = await PDFDocument.load(pdf);
    expect(document.getPageCount()).toBe(3);
    const { width, height } = document.getPage(0).getSize();
    expect(width).toBeCloseTo(c5Width, 2);
    expect(height).toBeCloseTo(c5Height, 2);
    expect(c5AddressBox.x).toBeGreaterThan(width / 2);
    expect(c5AddressBox.y + c5AddressBox.height).toBeLessThan(height / 2);
    const runs = await pdfPositionedRuns(pdf);
    addresses.forEach((each, index) => {
      for (const run of runsOf(runs, each)) {
        expect(run.page).toBe(index + 1);
        expect(run.x).toBeCloseTo(c5AddressBox.x, 3);
        expect(run.y).toBeGreaterThanOrEqual(c5AddressBox.y);
        expect(run.y + run.size).toBeLessThanOrEqual(c5AddressBox.y + c5AddressBox.height);
      }
    });
    expect(runs).toHaveLength(addresses.length * 3);
  });
});
