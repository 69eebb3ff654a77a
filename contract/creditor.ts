// The creditor: the company's invoicing identity printed on every invoice (ADR 013). The admin's form
// and PUT /api/admin/creditor share this schema, so the screen refuses what the server would refuse and
// both store the numbers in their printed forms.
import { emailAddressPattern, emailMaxLength } from "./account-rules";
import {
  formatBankgiro,
  formatOrgNumber,
  formatPlusgiro,
  isValidBankgiro,
  isValidOrgNumber,
  isValidPlusgiro,
  isValidVatNumber,
  normalizeVatNumber,
  vatNumberFromOrgNumber,
} from "./swedish-numbers";
import { text, z } from "./zod";

/** Decisions: a reminder fee of at most 60 SEK (the most inkassolagen lets a creditor charge). */
export const maxReminderFeeOre = 6_000;
export const minTermsDays = 1;
export const maxTermsDays = 90;
export const maxAddressLines = 4;

/**
 * Every message the schema can give, by a name the screen turns into an i18n key
 * (`creditor.errors.<name>`): the API answers in English, the screen in the reader's language.
 */
export const creditorMessages = {
  nameRequired: "Enter the company's name.",
  orgNumberRequired: "Enter the organisation number.",
  orgNumberInvalid: "The organisation number's check digit is wrong.",
  vatNumberInvalid: "The VAT number is SE, the organisation number's ten digits and 01.",
  vatNumberMismatch: "The VAT number must be SE + the organisation number + 01.",
  addressRequired: "Enter the address, at least one line.",
  addressTooLong: `The address has at most ${maxAddressLines} lines.`,
  bankgiroInvalid: "The bankgiro number's check digit is wrong.",
  plusgiroInvalid: "The plusgiro number's check digit is wrong.",
  giroRequired: "Enter a bankgiro or a plusgiro number.",
  seatRequired: "Enter the municipality of the board's seat.",
  emailInvalid: "Enter a valid e-mail address.",
  termsDaysInvalid: `The terms are ${minTermsDays} to ${maxTermsDays} days.`,
  reminderFeeInvalid: `The reminder fee is 0 to ${maxReminderFeeOre} öre (at most 60 SEK).`,
  tooLong: "This is too long.",
} as const;
export type CreditorMessage = keyof typeof creditorMessages;

/** The name of a message the schema gave, for the screen's i18n key; undefined for another one. */
export function creditorMessageName(message: string): CreditorMessage | undefined {
  return (Object.keys(creditorMessages) as CreditorMessage[]).find(
    (key) => creditorMessages[key] === message,
  );
}

const line = (what: string, max: number) => text(what).trim().max(max, creditorMessages.tooLong);
const required = (what: string, message: string, max = 200) => line(what, max).min(1, message);
/** A field left empty is null: the form sends "" for a field the admin cleared. */
const optional = (what: string, max = 200) =>
  line(what, max)
    .nullish()
    .transform((value) => (value ? value : null));

const giro = (
  what: string,
  valid: (value: string) => boolean,
  format: (value: string) => string,
  message: string,
) =>
  optional(what, 20)
    .refine((value) => value === null || valid(value), message)
    .transform((value) => (value === null ? null : format(value)));

export const creditorInputSchema = z
  .object({
    name: required("The name", creditorMessages.nameRequired),
    orgNumber: required("The organisation number", creditorMessages.orgNumberRequired, 20)
      .refine(isValidOrgNumber, creditorMessages.orgNumberInvalid)
      .transform(formatOrgNumber),
    vatNumber: required("The VAT number", creditorMessages.vatNumberInvalid, 20)
      .refine(isValidVatNumber, creditorMessages.vatNumberInvalid)
      .transform(normalizeVatNumber),
    addressLines: z
      .array(line("An address line", 200), { error: creditorMessages.addressRequired })
      .transform((lines) => lines.filter((entry) => entry.length > 0))
      .refine((lines) => lines.length > 0, creditorMessages.addressRequired)
      .refine((lines) => lines.length <= maxAddressLines, creditorMessages.addressTooLong),
    bankgiro: giro("The bankgiro number", isValidBankgiro, formatBankgiro, creditorMessages.bankgiroInvalid),
    plusgiro: giro("The plusgiro number", isValidPlusgiro, formatPlusgiro, creditorMessages.plusgiroInvalid),
    seat: required("The seat", creditorMessages.seatRequired),
    fSkatt: z.boolean({ error: "fSkatt must be true or false." }),
    email: text("The e-mail address", { error: creditorMessages.emailInvalid })
      .trim()
      .max(emailMaxLength, creditorMessages.emailInvalid)
      .regex(emailAddressPattern, creditorMessages.emailInvalid),
    phone: optional("The phone number", 40),
    logoUrl: optional("The logo's address", 500),
    termsDays: z
      .number({ error: creditorMessages.termsDaysInvalid })
      .int(creditorMessages.termsDaysInvalid)
      .min(minTermsDays, creditorMessages.termsDaysInvalid)
      .max(maxTermsDays, creditorMessages.termsDaysInvalid),
    reminderFeeOre: z
      .number({ error: creditorMessages.reminderFeeInvalid })
      .int(creditorMessages.reminderFeeInvalid)
      .min(0, creditorMessages.reminderFeeInvalid)
      .max(maxReminderFeeOre, creditorMessages.reminderFeeInvalid),
    lateInterestText: optional("The late interest text", 500),
  })
  .superRefine((value, context) => {
    // Skatteverket derives the VAT number from the organisation number; another one is a typing slip.
    if (isValidOrgNumber(value.orgNumber) && isValidVatNumber(value.vatNumber)) {
      if (vatNumberFromOrgNumber(value.orgNumber) !== value.vatNumber) {
        context.addIssue({
          code: "custom",
          path: ["vatNumber"],
          message: creditorMessages.vatNumberMismatch,
        });
      }
    }
    // A payer needs somewhere to pay; the OCR payments come through bankgiro or plusgiro.
    if (value.bankgiro === null && value.plusgiro === null) {
      context.addIssue({ code: "custom", path: ["bankgiro"], message: creditorMessages.giroRequired });
    }
  });
export type CreditorInput = z.input<typeof creditorInputSchema>;
export type CreditorValues = z.output<typeof creditorInputSchema>;

/** The creditor as GET and PUT /api/admin/creditor answer it. */
export const creditorSchema = z.object({
  id: z.string(),
  name: z.string(),
  orgNumber: z.string(),
  vatNumber: z.string(),
  addressLines: z.array(z.string()),
  bankgiro: z.string().nullable(),
  plusgiro: z.string().nullable(),
  seat: z.string(),
  fSkatt: z.boolean(),
  email: z.string(),
  phone: z.string().nullable(),
  logoUrl: z.string().nullable(),
  termsDays: z.number().int(),
  reminderFeeOre: z.number().int(),
  lateInterestText: z.string().nullable(),
  nextInvoiceNumber: z.number().int(),
  updatedAt: z.string(),
});
export type Creditor = z.infer<typeof creditorSchema>;

export const creditorAnswerSchema = z.object({ creditor: creditorSchema.nullable() });
export type CreditorAnswer = z.infer<typeof creditorAnswerSchema>;
