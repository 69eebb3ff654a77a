// Every refusal of the one list (ADR 032) can be said in both languages, with the parameters its
// entry types; and every refusal text is of a refusal on the list.
import { describe, expect, it } from "vitest";
import english from "../i18n/en-US.json";
import swedish from "../i18n/sv-SE.json";
import { flatten, type Dictionary } from "../i18n/translator";
import { refusals, type RefusalCode } from "./refusals";

const languages = { "en-US": english, "sv-SE": swedish };
const codes = Object.keys(refusals) as RefusalCode[];

/** The `{{name}}` (and `{{name, date}}`) placeholders of a text. */
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,\s*\w+\s*)?\}\}/g)].map((match) => match[1]);

describe.each(Object.entries(languages))("refusal texts in %s", (_language, dictionary) => {
  const texts = flatten(dictionary as Dictionary);

  it.each(codes)("%s has a text using only its parameters", (code) => {
    const text = texts.get(`refusals.${code}`);
    expect(text, `refusals.${code}`).toBeTypeOf("string");
    const params = Object.keys(refusals[code].params.shape);
    for (const name of placeholders(text ?? "")) expect(params, `{{${name}}} in ${code}`).toContain(name);
  });

  it("has no text for a refusal that is not on the list", () => {
    const said = [...texts.keys()].filter((key) => key.startsWith("refusals.")).map((key) => key.slice(9));
    expect(said.filter((code) => !codes.includes(code as RefusalCode))).toEqual([]);
  });
});

it("a text that forgot a parameter is caught", () => {
  expect(placeholders("Invoice {{invoiceNumber}} and {{ max }} on {{endedOn, date}}")).toEqual([
    "invoiceNumber",
    "max",
    "endedOn",
  ]);
});
