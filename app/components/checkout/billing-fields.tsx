// The billing address of an invoice checkout: who the invoice is made out to, in the Swedish address
// form. The browser checks it with the contract's own schema (billingAddressSchema), so it refuses what
// the API would refuse, with the same message by name (`invoiceCheckout.errors.<name>`).
import type { FocusEvent } from "react";
import { useTranslation } from "../../lib/i18n";
import { billingAddressSchema, invoiceMessageName } from "../../../contract/invoices";
import { isValidPostcode, normalizePostcode } from "../../../contract/swedish-numbers";
import { TextField } from "../text-field";

export const billingFields = ["name", "careOf", "street", "postcode", "city", "email"] as const;
export type BillingField = (typeof billingFields)[number];
export type BillingValues = Record<BillingField, string>;

export const emptyBilling = (email: string): BillingValues => ({
  name: "",
  careOf: "",
  street: "",
  postcode: "",
  city: "",
  email,
});

/** The i18n key of a schema message; a message without a name of ours (unreadable text) gets the
 * general one, so a field is never left unexplained. */
export function billingMessageKey(message: string): string {
  return `invoiceCheckout.errors.${invoiceMessageName(message) ?? "invalid"}`;
}

/** What is wrong with each field, as i18n keys (the first problem of each). */
export function billingProblems(values: BillingValues): Partial<Record<BillingField, string>> {
  const parsed = billingAddressSchema.safeParse(values);
  if (parsed.success) return {};
  const problems: Partial<Record<BillingField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && (billingFields as readonly string[]).includes(field)) {
      problems[field as BillingField] ??= billingMessageKey(issue.message);
    }
  }
  return problems;
}

/** Focus is going to the form's submit button, which checks every field: a message shown now would
 * move the button away under the pointer between press and release, and the click would be lost. */
function toSubmit(event: FocusEvent<HTMLInputElement>): boolean {
  const next = event.relatedTarget;
  return next instanceof HTMLButtonElement && next.type === "submit";
}

type Props = {
  values: BillingValues;
  onChange: (field: BillingField, value: string) => void;
  /** A field is left: the form checks it. */
  onBlur: (field: BillingField) => void;
  /** The problem of each field, in the reader's language. */
  message: (field: BillingField) => string | undefined;
};

export function BillingFields({ values, onChange, onBlur, message }: Props) {
  const { t } = useTranslation();
  const field = (name: BillingField) => ({
    name,
    value: values[name],
    error: message(name),
    onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      if (!toSubmit(event)) onBlur(name);
    },
  });
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-4">
        <h2 className="text-lg font-semibold">{t("invoiceCheckout.billingHeading")}</h2>
      </legend>
      <TextField
        label={t("invoiceCheckout.name")}
        hint={t("invoiceCheckout.nameHint")}
        autoComplete="name"
        required
        {...field("name")}
      />
      <TextField label={t("invoiceCheckout.careOf")} autoComplete="address-line2" {...field("careOf")} />
      <TextField
        label={t("invoiceCheckout.street")}
        autoComplete="address-line1"
        required
        {...field("street")}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[10rem_1fr]">
        <TextField
          label={t("invoiceCheckout.postcode")}
          // An example rather than a hint: a hint would push this field below the city beside it, and
          // the message for a wrong postcode says the same in words.
          placeholder="123 45"
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={9}
          required
          {...field("postcode")}
          onBlur={(event) => {
            // "12345" and "SE-123 45" are written the way the invoice prints them.
            if (isValidPostcode(values.postcode)) onChange("postcode", normalizePostcode(values.postcode));
            if (!toSubmit(event)) onBlur("postcode");
          }}
        />
        <TextField
          label={t("invoiceCheckout.city")}
          autoComplete="address-level2"
          required
          {...field("city")}
        />
      </div>
      <TextField
        label={t("invoiceCheckout.email")}
        hint={t("invoiceCheckout.emailHint")}
        type="email"
        autoComplete="email"
        required
        {...field("email")}
      />
    </fieldset>
  );
}
