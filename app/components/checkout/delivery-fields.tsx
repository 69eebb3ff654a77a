// The printed plaque or card a card checkout can order (decisions "Pages a family can start, and
// funeral homes that hand them out"): a box to tick, then the Swedish address it is posted to. The
// browser checks the address with the contract's own schema (postalAddressSchema), so it refuses what
// the API would, with the same message by name (`addresses.errors.<name>`). Once the page is paid,
// it waits in the admin's "awaiting a plaque" list with this address.
import { useTranslation } from "../../lib/i18n";
import {
  addressMessageName,
  postalAddressSchema,
  type PostalAddressInput,
} from "../../../contract/addresses";
import { isValidPostcode, normalizePostcode } from "../../../contract/swedish-numbers";
import { CheckboxField } from "../checkbox-field";
import { TextField } from "../text-field";

export const deliveryFields = ["name", "street", "street2", "postcode", "city"] as const;
export type DeliveryField = (typeof deliveryFields)[number];
/** The form's name of a delivery field, as the API names it (`delivery.postcode`). */
export type DeliveryFormField = `delivery.${DeliveryField}`;
export const deliveryFormFields = deliveryFields.map((field) => `delivery.${field}` as const);
export type DeliveryValues = Record<DeliveryField, string>;

export const emptyDelivery: DeliveryValues = { name: "", street: "", street2: "", postcode: "", city: "" };

/** The address as the API takes it: an empty second line left out. */
export function deliveryOf(values: DeliveryValues): PostalAddressInput {
  return { ...values, street2: values.street2.trim() || undefined };
}

/** What is wrong with each field, as i18n keys (the first problem of each). */
export function deliveryProblems(values: DeliveryValues): Partial<Record<DeliveryFormField, string>> {
  const parsed = postalAddressSchema.safeParse(deliveryOf(values));
  if (parsed.success) return {};
  const problems: Partial<Record<DeliveryFormField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field !== "string" || !(deliveryFields as readonly string[]).includes(field)) continue;
    problems[`delivery.${field as DeliveryField}`] ??=
      `addresses.errors.${addressMessageName(issue.message)}`;
  }
  return problems;
}

type Props = {
  wanted: boolean;
  onWanted: (wanted: boolean) => void;
  values: DeliveryValues;
  onChange: (values: DeliveryValues) => void;
  /** The problem of each field, in the reader's language. */
  message: (field: DeliveryFormField) => string | undefined;
};

export function DeliveryFields({ wanted, onWanted, values, onChange, message }: Props) {
  const { t } = useTranslation();
  const field = (name: DeliveryField) => ({
    name: `delivery-${name}`,
    value: values[name],
    error: message(`delivery.${name}`),
    onChange: (event: { target: { value: string } }) => onChange({ ...values, [name]: event.target.value }),
  });
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2">
        <h2 className="text-lg font-semibold">{t("checkout.delivery.heading")}</h2>
      </legend>
      <CheckboxField
        label={t("checkout.delivery.wanted")}
        hint={t("checkout.delivery.hint")}
        checked={wanted}
        onChange={(event) => onWanted(event.target.checked)}
        data-testid="delivery-wanted"
      />
      {wanted && (
        <div className="flex flex-col gap-4">
          <TextField
            label={t("checkout.delivery.name")}
            autoComplete="shipping name"
            required
            {...field("name")}
          />
          <TextField
            label={t("checkout.delivery.street")}
            autoComplete="shipping address-line1"
            required
            {...field("street")}
          />
          <TextField
            label={t("checkout.delivery.street2")}
            autoComplete="shipping address-line2"
            {...field("street2")}
          />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-[10rem_1fr]">
            <TextField
              label={t("checkout.delivery.postcode")}
              placeholder="123 45"
              autoComplete="shipping postal-code"
              inputMode="numeric"
              maxLength={9}
              required
              {...field("postcode")}
              onBlur={() => {
                if (isValidPostcode(values.postcode))
                  onChange({ ...values, postcode: normalizePostcode(values.postcode) });
              }}
            />
            <TextField
              label={t("checkout.delivery.city")}
              autoComplete="shipping address-level2"
              required
              {...field("city")}
            />
          </div>
        </div>
      )}
    </fieldset>
  );
}
