// Swedish invoicing numbers: OCR references, organisation, VAT, bankgiro and plusgiro numbers,
// postcodes, and the öre arithmetic of an invoice. Plain functions without dependencies, because
// the same checks run in the browser's forms (instant feedback) and on the server (the authority).
// Amounts are integers in öre throughout, so no floating-point error reaches a printed invoice.

/** Only the digits of a value typed by a person: spaces, dashes and the like are presentation. */
function digitsOf(value: string): string {
  return value.replace(/[\s\-.]/g, "");
}

/**
 * The mod-10 (Luhn) check digit for `digits`: every second digit from the right (starting with the
 * rightmost) doubled, the digit sums added, and the digit that rounds the sum up to a multiple of
 * ten. Bankgirot, Plusgirot, Skatteverket (personnummer, organisationsnummer) all use it.
 */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = digits.charCodeAt(i) - 48;
    if (double) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** True when the last digit of an all-digit string is its Luhn check digit. */
export function hasValidLuhn(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  return luhnCheckDigit(digits.slice(0, -1)) === Number(digits.slice(-1));
}

// ---------------------------------------------------------------------------------------------
// OCR references (Bankgirot's "OCR-referensnummer")

/** Bankgirot's limits for an OCR reference in a payment (BgMax and the internet banks). */
export const OCR_MIN_LENGTH = 2;
export const OCR_MAX_LENGTH = 25;

/** An OCR reference as typed or printed ("1234 574") without spaces or dashes. */
export function normalizeOcr(value: string): string {
  return digitsOf(value.trim());
}

/**
 * The OCR reference for an invoice number: its digits, a length digit and a Luhn check digit.
 * We always add the length digit because it serves every OCR agreement a bank may set up with
 * Bankgirot (check digit only, or check digit plus variable-length control): it catches a
 * dropped or repeated digit that Luhn alone can miss, and where only the check digit is checked
 * the reference still passes.
 * The length digit counts every digit including itself and the check digit, modulo 10.
 */
export function makeOcr(base: string | number): string {
  const digits = typeof base === "number" ? String(base) : normalizeOcr(base);
  if (typeof base === "number" && (!Number.isSafeInteger(base) || base < 0)) {
    throw new RangeError(`OCR base must be a non-negative integer: ${base}`);
  }
  if (!/^\d+$/.test(digits)) throw new RangeError(`OCR base must be digits: ${String(base)}`);
  const length = digits.length + 2;
  if (length > OCR_MAX_LENGTH) throw new RangeError(`OCR reference would exceed ${OCR_MAX_LENGTH} digits`);
  const withLength = digits + String(length % 10);
  return withLength + String(luhnCheckDigit(withLength));
}

/** A valid OCR reference with length digit: 2 to 25 digits, the length digit and the check digit right. */
export function isValidOcr(value: string): boolean {
  const digits = normalizeOcr(value);
  if (!/^\d+$/.test(digits)) return false;
  if (digits.length < OCR_MIN_LENGTH || digits.length > OCR_MAX_LENGTH) return false;
  if (Number(digits.at(-2)) !== digits.length % 10) return false;
  return hasValidLuhn(digits);
}

// ---------------------------------------------------------------------------------------------
// Organisation numbers and VAT numbers

export type OrgNumberKind = "legal-person" | "sole-trader";

/**
 * A personnummer's date part (YYMMDD) is a calendar date; samordningsnummer add 60 to the day.
 * February 29 passes in any year because the ten-digit form does not say the century.
 */
function isPersonnummerDate(ten: string): boolean {
  const month = Number(ten.slice(2, 4));
  const day = Number(ten.slice(4, 6));
  const realDay = day > 60 ? day - 60 : day;
  const daysInMonth = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return daysInMonth !== undefined && realDay >= 1 && realDay <= daysInMonth;
}

/**
 * The ten digits of an organisation number, or null. Accepts "556012-5790", "5560125790", and
 * for sole traders a 12-digit personnummer ("19800101-1234"), whose century we drop because
 * Skatteverket's VAT number and the invoice use the ten-digit form.
 */
function orgDigits(value: string): string | null {
  const digits = value.trim().replace(/[\s\-+]/g, "");
  if (/^\d{10}$/.test(digits)) return digits;
  if (/^(19|20)\d{10}$/.test(digits)) return digits.slice(2);
  return null;
}

/**
 * Who an organisation number identifies, or null when it is not a valid one. A legal person's
 * number has a third digit of 2 or more (Bolagsverket keeps it so, to tell it from a birth
 * month); a sole trader (enskild firma) trades under the owner's personnummer, which we accept
 * too because a one-person business may well be the creditor that sells Kammare's profiles.
 */
export function orgNumberKind(value: string): OrgNumberKind | null {
  const ten = orgDigits(value);
  if (!ten || !hasValidLuhn(ten)) return null;
  if (Number(ten[2]) >= 2) return "legal-person";
  return isPersonnummerDate(ten) ? "sole-trader" : null;
}

/** A valid Swedish organisation number (or a sole trader's personnummer): see `orgNumberKind`. */
export function isValidOrgNumber(value: string): boolean {
  return orgNumberKind(value) !== null;
}

/** The printed form "NNNNNN-NNNN"; the input unchanged (trimmed) when it is not ten digits. */
export function formatOrgNumber(value: string): string {
  const ten = orgDigits(value);
  return ten ? `${ten.slice(0, 6)}-${ten.slice(6)}` : value.trim();
}

/** Skatteverket's VAT number for an organisation number: "SE" + the ten digits + "01". */
export function vatNumberFromOrgNumber(orgNumber: string): string {
  const ten = orgDigits(orgNumber);
  if (!ten || !isValidOrgNumber(orgNumber)) throw new RangeError(`not an organisation number: ${orgNumber}`);
  return `SE${ten}01`;
}

/** "SE" + a valid organisation number + "01", case and spaces forgiven ("se 556012579001"). */
export function isValidVatNumber(value: string): boolean {
  const compact = value.replace(/[\s-]/g, "").toUpperCase();
  const match = /^SE(\d{10})01$/.exec(compact);
  return match?.[1] !== undefined && isValidOrgNumber(match[1]);
}

/** The canonical VAT number ("SE556012579001"), or the input trimmed when it is not valid. */
export function normalizeVatNumber(value: string): string {
  const compact = value.replace(/[\s-]/g, "").toUpperCase();
  return isValidVatNumber(compact) ? compact : value.trim();
}

// ---------------------------------------------------------------------------------------------
// Bankgiro and plusgiro numbers

/** 7 or 8 digits with a Luhn check digit over all of them. */
export function isValidBankgiro(value: string): boolean {
  const digits = digitsOf(value.trim());
  return /^\d{7,8}$/.test(digits) && hasValidLuhn(digits);
}

/** Bankgirot's printed form, a dash before the last four digits: "NNN-NNNN" or "NNNN-NNNN". */
export function formatBankgiro(value: string): string {
  const digits = digitsOf(value.trim());
  if (!/^\d{7,8}$/.test(digits)) return value.trim();
  return `${digits.slice(0, -4)}-${digits.slice(-4)}`;
}

/** 2 to 8 digits with a Luhn check digit over all of them. */
export function isValidPlusgiro(value: string): boolean {
  const digits = digitsOf(value.trim());
  return /^\d{2,8}$/.test(digits) && hasValidLuhn(digits);
}

/**
 * Plusgirot's printed form: the check digit after a dash, the digits before it in pairs from the
 * right ("28 65 43-4"), the form Plusgirot and Swedish invoices print.
 */
export function formatPlusgiro(value: string): string {
  const digits = digitsOf(value.trim());
  if (!/^\d{2,8}$/.test(digits)) return value.trim();
  const body = digits.slice(0, -1);
  const pairs: string[] = [];
  for (let end = body.length; end > 0; end -= 2) pairs.unshift(body.slice(Math.max(0, end - 2), end));
  return `${pairs.join(" ")}-${digits.slice(-1)}`;
}

// ---------------------------------------------------------------------------------------------
// Postcodes

/** Five digits, the first never 0 (Swedish postcodes run from 100 00 to 984 99); "SE-" allowed. */
export function isValidPostcode(value: string): boolean {
  return /^[1-9]\d{4}$/.test(postcodeDigits(value));
}

function postcodeDigits(value: string): string {
  return value.trim().replace(/^SE-?/i, "").replace(/\s/g, "");
}

/** The form the postal service prints, "123 45"; the input trimmed when it is not a postcode. */
export function normalizePostcode(value: string): string {
  const digits = postcodeDigits(value);
  return isValidPostcode(value) ? `${digits.slice(0, 3)} ${digits.slice(3)}` : value.trim();
}

// ---------------------------------------------------------------------------------------------
// Invoice arithmetic (öre)

/**
 * `numerator / denominator` rounded to the nearest integer, halves away from zero (so 0.5 öre
 * becomes 1 öre, and a credit line's -0.5 öre becomes -1 öre, mirroring its debit). Integer
 * arithmetic only, so 2.675 never turns into 2.67 the way binary floats round.
 */
function divideRounded(numerator: number, denominator: number): number {
  const sign = Math.sign(numerator) * Math.sign(denominator);
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  const quotient = Math.floor(n / d);
  const rest = n - quotient * d;
  return sign * (rest * 2 >= d ? quotient + 1 : quotient) || 0;
}

/** The VAT rates Swedish law knows (percent): 25 general, 12 food and hotels, 6 books and culture, 0 exempt. */
export const SWEDISH_VAT_RATES = [25, 12, 6, 0] as const;

export interface InvoiceLineInput {
  /** How many; up to three decimals (1.5 hours, 0.25 kg). Negative on a credit line. */
  quantity: number;
  /** Price of one unit excluding VAT, in öre. */
  unitPriceOre: number;
  /** VAT rate in percent, a whole number (25, 12, 6, 0). */
  vatRatePercent: number;
}

export interface Amounts {
  netOre: number;
  vatOre: number;
  totalOre: number;
}

/** Quantity in thousandths, so a line's net is exact integer arithmetic. */
function quantityMilli(quantity: number): number {
  if (!Number.isFinite(quantity)) throw new RangeError(`quantity must be a number: ${quantity}`);
  return Math.round(quantity * 1000);
}

function checkLine({ unitPriceOre, vatRatePercent }: InvoiceLineInput): void {
  if (!Number.isSafeInteger(unitPriceOre))
    throw new RangeError(`unit price must be whole öre: ${unitPriceOre}`);
  if (!Number.isInteger(vatRatePercent) || vatRatePercent < 0 || vatRatePercent > 100) {
    throw new RangeError(`VAT rate must be a whole percent: ${vatRatePercent}`);
  }
}

/** A line's net (quantity × unit price, rounded to öre), and its own VAT and total, for display on the line. */
export function lineAmounts(line: InvoiceLineInput): Amounts {
  checkLine(line);
  const netOre = divideRounded(quantityMilli(line.quantity) * line.unitPriceOre, 1000);
  const vatOre = divideRounded(netOre * line.vatRatePercent, 100);
  return { netOre, vatOre, totalOre: netOre + vatOre };
}

export interface VatGroup extends Amounts {
  vatRatePercent: number;
}

export interface InvoiceTotals extends Amounts {
  /** One group per VAT rate present, highest rate first, as the invoice prints them. */
  byRate: VatGroup[];
}

/**
 * The invoice's totals. VAT is computed once per rate on the sum of that rate's nets, not by
 * adding each line's rounded VAT: the law asks for the VAT amount per rate (mervärdesskattelagen,
 * the invoice's "skattebelopp per skattesats"), and one rounding per rate keeps the printed VAT
 * exactly `rate × net` of what is printed, however many lines there are. The lines' own VAT
 * (from `lineAmounts`) may therefore add up to an öre or so more or less; the per-rate figure is
 * the one owed and the one paid.
 */
export function invoiceTotals(lines: readonly InvoiceLineInput[]): InvoiceTotals {
  const netByRate = new Map<number, number>();
  for (const line of lines) {
    const { netOre } = lineAmounts(line);
    netByRate.set(line.vatRatePercent, (netByRate.get(line.vatRatePercent) ?? 0) + netOre);
  }
  const byRate = [...netByRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([vatRatePercent, netOre]) => {
      const vatOre = divideRounded(netOre * vatRatePercent, 100);
      return { vatRatePercent, netOre, vatOre, totalOre: netOre + vatOre };
    });
  const netOre = byRate.reduce((sum, group) => sum + group.netOre, 0);
  const vatOre = byRate.reduce((sum, group) => sum + group.vatOre, 0);
  return { byRate, netOre, vatOre, totalOre: netOre + vatOre };
}

/**
 * Öresavrundning: the amount to pay rounded to whole kronor (50 öre and up rounds up, as the
 * Riksbank's rule since the öre coins went), and the rounding line the invoice prints so
 * that net + VAT + rounding equals what is asked for. VAT itself is never rounded this way.
 */
export function roundToKronor(amountOre: number): { amountOre: number; roundingOre: number } {
  if (!Number.isSafeInteger(amountOre)) throw new RangeError(`amount must be whole öre: ${amountOre}`);
  const rounded = divideRounded(amountOre, 100) * 100;
  return { amountOre: rounded, roundingOre: rounded - amountOre };
}
