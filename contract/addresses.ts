// Postal addresses for the admin's label and envelope PDFs (ADR 015): the Swedish address form, and
// the two ways an admin brings a list of them in (pasted blocks, a CSV file). Parsing lives in the
// contract so the screen can show the same errors before upload as the server gives after it.
import { isValidPostcode, normalizePostcode } from "./swedish-numbers";
import { isStorableText, text, unstorableTextMessage, z } from "./zod";

/** Decisions: one PDF takes at most this many addresses (10,000 labels must render in seconds). */
export const maxAddresses = 10_000;
/** A pasted text or CSV file larger than this is refused before it is read line by line. */
export const maxAddressInputChars = 5_000_000;
/** Per field: long enough for any real address, short enough that a label always fits it. */
export const addressFieldMaxLength = {
  name: 100,
  street: 100,
  street2: 100,
  postcode: 12,
  city: 60,
  country: 60,
};

export const addressFields = ["name", "street", "street2", "postcode", "city", "country"] as const;
export type AddressField = (typeof addressFields)[number];

/**
 * Every message, by a name the screen turns into an i18n key (`addresses.errors.<name>`): the server
 * answers in English, the screen in the reader's language.
 */
export const addressMessages = {
  nameRequired: "Enter the name.",
  streetRequired: "Enter the street address.",
  postcodeInvalid: "The postcode is five digits, like 123 45.",
  postcodeRequired: "Enter the postcode.",
  cityRequired: "Enter the city.",
  tooLong: "This is too long.",
  unstorable: unstorableTextMessage("The text"),
  blockShape:
    'An address is a name, one or two street lines, then "123 45 City" (and a country if not Sweden).',
  csvUnclosedQuote: "A quoted field is not closed.",
  csvMissingColumn: "The header row lacks a required column.",
  csvDuplicateColumn: "The header row names this column twice.",
  csvNoHeader: "The file has no header row.",
  empty: "There are no addresses.",
  tooMany: `At most ${maxAddresses} addresses at a time.`,
  inputTooLarge: "The text is too large.",
} as const;
export type AddressMessage = keyof typeof addressMessages;

const swedenNames = new Set(["sverige", "sweden", "se"]);

/** Absent for Sweden (the post office wants no country on domestic mail), the name otherwise. */
function normalizeCountry(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim() ?? "";
  return trimmed === "" || swedenNames.has(trimmed.toLowerCase()) ? undefined : trimmed;
}

const field = (what: string, max: number) => text(what).trim().max(max, addressMessages.tooLong);

/**
 * A postal address in the Swedish form: name, up to two street lines, "123 45 City", and the country
 * only when it is not Sweden. A foreign address keeps its postcode as written (other countries write
 * theirs otherwise).
 */
export const postalAddressSchema = z
  .object({
    name: field("The name", addressFieldMaxLength.name).min(1, addressMessages.nameRequired),
    street: field("The street address", addressFieldMaxLength.street).min(1, addressMessages.streetRequired),
    street2: field("The second street line", addressFieldMaxLength.street2)
      .nullish()
      .transform((value) => (value ? value : undefined)),
    postcode: field("The postcode", addressFieldMaxLength.postcode).min(1, addressMessages.postcodeRequired),
    city: field("The city", addressFieldMaxLength.city).min(1, addressMessages.cityRequired),
    country: field("The country", addressFieldMaxLength.country).nullish().transform(normalizeCountry),
  })
  .superRefine((address, context) => {
    if (address.country === undefined && !isValidPostcode(address.postcode)) {
      context.addIssue({ code: "custom", path: ["postcode"], message: addressMessages.postcodeInvalid });
    }
  })
  .transform((address) =>
    address.country === undefined ? { ...address, postcode: normalizePostcode(address.postcode) } : address,
  );
export type PostalAddressInput = z.input<typeof postalAddressSchema>;
export type PostalAddress = z.output<typeof postalAddressSchema>;

/** The lines as printed: name, street lines, "123 45 City", then the country in capitals if any. */
export function addressLines(address: PostalAddress): string[] {
  const lines = [address.name, address.street];
  if (address.street2) lines.push(address.street2);
  lines.push(`${address.postcode} ${address.city}`);
  if (address.country) lines.push(address.country.toLocaleUpperCase("sv-SE"));
  return lines;
}

/** One problem: `at` is the block (pasted text) or row (CSV, header = 1) it is in; null for the whole. */
export type AddressProblem = {
  at: number | null;
  field: AddressField | null;
  message: AddressMessage;
  text: string;
};
export type AddressParseResult =
  { ok: true; addresses: PostalAddress[] } | { ok: false; errors: AddressProblem[] };

function problem(at: number | null, field: AddressField | null, message: AddressMessage): AddressProblem {
  return { at, field, message, text: addressMessages[message] };
}

/** The message name for a schema message; tooLong for one the map lacks (never expected). */
export function addressMessageName(message: string): AddressMessage {
  const found = (Object.keys(addressMessages) as AddressMessage[]).find(
    (key) => addressMessages[key] === message,
  );
  return found ?? (message.includes("U+0000") ? "unstorable" : "tooLong");
}

/** The address checked, or its problems, each tagged with where it came from. */
function checkAddress(candidate: PostalAddressInput, at: number): PostalAddress | AddressProblem[] {
  const parsed = postalAddressSchema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  return parsed.error.issues.map((issue) => {
    const name = issue.path[0];
    const fieldName = addressFields.find((each) => each === name) ?? null;
    return problem(at, fieldName, addressMessageName(issue.message));
  });
}

/** Refusals that hold for the whole input, before it is split. */
function checkInput(input: string): AddressProblem | null {
  if (input.length > maxAddressInputChars) return problem(null, null, "inputTooLarge");
  if (!isStorableText(input)) return problem(null, null, "unstorable");
  return null;
}

const swedishPostcodeLine = /^(?:SE-?)?(\d{3}) ?(\d{2})\s+(\S.*)$/i;
// Abroad: the postcode is the leading words with a digit in them ("0150 Oslo", "SW1A 1AA London").
const foreignPostcodeLine = /^(\S*\d\S*(?: \S*\d\S*)?)\s+(\S.*)$/;

/**
 * Pasted addresses, one block per address with a blank line between blocks: name, one or two street
 * lines, "123 45 City" (or "12345 City"), and a last line naming the country when it is not Sweden.
 * All or nothing: any bad block gives only the errors, each naming its block (the first is 1).
 */
export function parseAddressBlocks(input: string): AddressParseResult {
  const refused = checkInput(input);
  if (refused) return { ok: false, errors: [refused] };
  // Blocks are runs of non-blank lines; any number of blank lines separates them.
  const blocks: string[][] = [[]];
  for (const line of input.replace(/^\ufeff/, "").split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed !== "") blocks[blocks.length - 1]?.push(trimmed);
    else if ((blocks[blocks.length - 1]?.length ?? 0) > 0) blocks.push([]);
  }
  if (blocks[blocks.length - 1]?.length === 0) blocks.pop();
  if (blocks.length === 0) return { ok: false, errors: [problem(null, null, "empty")] };
  if (blocks.length > maxAddresses) return { ok: false, errors: [problem(null, null, "tooMany")] };

  const addresses: PostalAddress[] = [];
  const errors: AddressProblem[] = [];
  blocks.forEach((lines, index) => {
    const at = index + 1;
    const candidate = blockToCandidate(lines);
    if (!candidate) {
      errors.push(problem(at, null, "blockShape"));
      return;
    }
    const checked = checkAddress(candidate, at);
    if (Array.isArray(checked)) errors.push(...checked);
    else addresses.push(checked);
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, addresses };
}

function blockToCandidate(lines: string[]): PostalAddressInput | null {
  const last = lines[lines.length - 1] ?? "";
  const swedish = swedishPostcodeLine.exec(last);
  if (swedish) {
    if (lines.length < 3 || lines.length > 4) return null;
    return {
      name: lines[0] ?? "",
      street: lines[1] ?? "",
      street2: lines.length === 4 ? lines[2] : undefined,
      postcode: `${swedish[1]}${swedish[2]}`,
      city: swedish[3] ?? "",
    };
  }
  // The last line is a country: the one before it holds the postcode and city.
  if (lines.length < 4 || lines.length > 5) return null;
  const country = normalizeCountry(last);
  const placeLine = lines[lines.length - 2] ?? "";
  const place =
    country === undefined ? swedishPostcodeLine.exec(placeLine) : foreignPostcodeLine.exec(placeLine);
  if (!place) return null;
  const [postcode, city] =
    country === undefined ? [`${place[1]}${place[2]}`, place[3]] : [place[1], place[2]];
  return {
    name: lines[0] ?? "",
    street: lines[1] ?? "",
    street2: lines.length === 5 ? lines[2] : undefined,
    postcode: postcode ?? "",
    city: city ?? "",
    country,
  };
}

// CSV -----------------------------------------------------------------------------------------

/** Header names (lower case, without spaces, dashes, dots and underscores) in English and Swedish. */
const headerAliases: Record<string, AddressField> = {
  name: "name",
  namn: "name",
  street: "street",
  street1: "street",
  address: "street",
  address1: "street",
  adress: "street",
  adress1: "street",
  gatuadress: "street",
  street2: "street2",
  address2: "street2",
  adress2: "street2",
  gatuadress2: "street2",
  co: "street2",
  postcode: "postcode",
  postalcode: "postcode",
  zip: "postcode",
  zipcode: "postcode",
  postnummer: "postcode",
  postnr: "postcode",
  city: "city",
  town: "city",
  ort: "city",
  postort: "city",
  country: "country",
  land: "country",
};
const requiredColumns: AddressField[] = ["name", "street", "postcode", "city"];

/**
 * The records of a CSV text (RFC 4180: quoted fields may hold the delimiter, doubled quotes and line
 * breaks; CRLF or LF). The delimiter is the header's: a comma, or the semicolon Swedish spreadsheet
 * programs write. Throws the 1-based record number of an unclosed quote.
 */
function csvRecords(input: string): string[][] {
  const firstLineEnd = input.search(/\r?\n/);
  const header = firstLineEnd === -1 ? input : input.slice(0, firstLineEnd);
  const delimiter = !header.includes(",") && header.includes(";") ? ";" : ",";
  const records: string[][] = [];
  let record: string[] = [];
  let value = "";
  let index = 0;
  while (index < input.length) {
    const char = input[index];
    if (char === '"' && value === "") {
      // A quoted field: up to the quote not doubled.
      let end = index + 1;
      for (;;) {
        const quote = input.indexOf('"', end);
        if (quote === -1) throw new UnclosedQuote(records.length + 1);
        if (input[quote + 1] === '"') {
          value += input.slice(end, quote + 1);
          end = quote + 2;
          continue;
        }
        value += input.slice(end, quote);
        index = quote + 1;
        break;
      }
      continue;
    }
    if (char === delimiter) {
      record.push(value);
      value = "";
    } else if (char === "\n" || (char === "\r" && input[index + 1] === "\n")) {
      record.push(value);
      records.push(record);
      record = [];
      value = "";
      if (char === "\r") index += 1;
    } else {
      value += char;
    }
    index += 1;
  }
  if (value !== "" || record.length > 0) {
    record.push(value);
    records.push(record);
  }
  return records;
}

class UnclosedQuote extends Error {
  constructor(readonly row: number) {
    super("unclosed quote");
  }
}

/**
 * A CSV file of addresses: a header row naming the columns name, street, street2 (optional),
 * postcode, city and country (optional), in any order, in English or Swedish (namn, adress or
 * gatuadress, postnummer, ort, land); other columns are ignored. All or nothing: any bad row gives
 * only the errors, each naming its row (the header is row 1) and field.
 */
export function parseAddressCsv(input: string): AddressParseResult {
  const refused = checkInput(input);
  if (refused) return { ok: false, errors: [refused] };
  let records: string[][];
  try {
    records = csvRecords(input.replace(/^\ufeff/, ""));
  } catch (error) {
    if (error instanceof UnclosedQuote)
      return { ok: false, errors: [problem(error.row, null, "csvUnclosedQuote")] };
    throw error;
  }
  const [header, ...rows] = records;
  if (!header || header.every((cell) => cell.trim() === "")) {
    return { ok: false, errors: [problem(1, null, "csvNoHeader")] };
  }

  const columns = new Map<AddressField, number>();
  const headerErrors: AddressProblem[] = [];
  header.forEach((cell, index) => {
    const fieldName =
      headerAliases[
        cell
          .trim()
          .toLowerCase()
          .replace(/[\s._/-]/g, "")
      ];
    if (!fieldName) return;
    if (columns.has(fieldName)) headerErrors.push(problem(1, fieldName, "csvDuplicateColumn"));
    else columns.set(fieldName, index);
  });
  for (const required of requiredColumns) {
    if (!columns.has(required)) headerErrors.push(problem(1, required, "csvMissingColumn"));
  }
  if (headerErrors.length > 0) return { ok: false, errors: headerErrors };

  // Row numbers count every record, blank ones too, as a spreadsheet numbers them.
  const filled = rows
    .map((cells, index) => ({ cells, row: index + 2 }))
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ""));
  if (filled.length === 0) return { ok: false, errors: [problem(null, null, "empty")] };
  if (filled.length > maxAddresses) return { ok: false, errors: [problem(null, null, "tooMany")] };

  const cellOf = (cells: string[], name: AddressField) => {
    const index = columns.get(name);
    return index === undefined ? undefined : (cells[index] ?? "");
  };
  const addresses: PostalAddress[] = [];
  const errors: AddressProblem[] = [];
  for (const { cells, row } of filled) {
    const checked = checkAddress(
      {
        name: cellOf(cells, "name") ?? "",
        street: cellOf(cells, "street") ?? "",
        street2: cellOf(cells, "street2"),
        postcode: cellOf(cells, "postcode") ?? "",
        city: cellOf(cells, "city") ?? "",
        country: cellOf(cells, "country"),
      },
      row,
    );
    if (Array.isArray(checked)) errors.push(...checked);
    else addresses.push(checked);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, addresses };
}
