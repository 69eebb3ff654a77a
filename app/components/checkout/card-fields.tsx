// The card's fields as our own form takes them (the sandbox's checkout, and a new card on /account):
// the number grouped in fours as it is typed, MM/YY with the slash put in, the CVC and the name, each
// with its message. The browser's checks are the server's (contract/checkout.ts).
import type { ComponentProps, RefObject } from "react";
import { useTranslation } from "../../lib/i18n";
import { cardDigits, expiryProblem, passesLuhn } from "../../../contract/checkout";
import { Alert } from "../alert";
import { FormAlert } from "../form-alert";
import { TextField } from "../text-field";

export type CardInput = { cardNumber: string; expiry: string; cvc: string; name: string };
export type CardInputField = keyof CardInput;
export const emptyCard: CardInput = { cardNumber: "", expiry: "", cvc: "", name: "" };

/** The form's messages for the API's refusals of each card field. */
export const cardFieldMessages: Record<CardInputField, string> = {
  cardNumber: "checkout.errors.cardNumberLuhn",
  expiry: "checkout.errors.expiry",
  cvc: "checkout.errors.cvc",
  name: "checkout.errors.name",
};

/** The card number in groups of four as it is typed (the digits are what is sent). */
function groupDigits(value: string): string {
  return cardDigits(value)
    .replace(/\D/g, "")
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** MM/YY with the slash put in after the month. */
function formatExpiry(value: string, previous: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 4);
  if (digits.length <= 2)
    return digits.length === 2 && value.length > previous.length ? `${digits}/` : digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** What is wrong with each field, as i18n keys (the browser's checks before anything is sent). */
export function cardProblems(card: CardInput): Partial<Record<CardInputField, string | undefined>> {
  const digits = cardDigits(card.cardNumber);
  const expiry = expiryProblem(card.expiry);
  return {
    cardNumber: !/^\d{12,19}$/.test(digits)
      ? "checkout.errors.cardNumber"
      : !passesLuhn(digits)
        ? "checkout.errors.cardNumberLuhn"
        : undefined,
    expiry:
      expiry === "format"
        ? "checkout.errors.expiry"
        : expiry === "past"
          ? "checkout.errors.expiryPast"
          : undefined,
    cvc: /^\d{3,4}$/.test(card.cvc.trim()) ? undefined : "checkout.errors.cvc",
    name: card.name.trim().length >= 2 ? undefined : "checkout.errors.name",
  };
}

export function CardFields({
  card,
  onChange,
  message,
}: {
  card: CardInput;
  onChange: (card: CardInput) => void;
  message: (field: CardInputField) => string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t("checkout.cardNumber")}
        name="cardnumber"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 5678 9012 3456"
        value={card.cardNumber}
        onChange={(event) => onChange({ ...card, cardNumber: groupDigits(event.target.value) })}
        error={message("cardNumber")}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label={t("checkout.expiry")}
          hint={t("checkout.expiryHint")}
          name="exp-date"
          inputMode="numeric"
          autoComplete="cc-exp"
          maxLength={5}
          value={card.expiry}
          onChange={(event) => onChange({ ...card, expiry: formatExpiry(event.target.value, card.expiry) })}
          error={message("expiry")}
        />
        <TextField
          label={t("checkout.cvc")}
          hint={t("checkout.cvcHint")}
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          value={card.cvc}
          onChange={(event) => onChange({ ...card, cvc: event.target.value.replace(/\D/g, "").slice(0, 4) })}
          error={message("cvc")}
        />
      </div>
      <TextField
        label={t("checkout.name")}
        name="ccname"
        autoComplete="cc-name"
        value={card.name}
        onChange={(event) => onChange({ ...card, name: event.target.value })}
        error={message("name")}
      />
    </>
  );
}

/**
 * The card's part of a card checkout (a plan's and a gift's alike): its heading, the sandbox's test
 * numbers where the sandbox takes the card, the payment's failure (focused by the page through
 * `failureRef`), the form's alert and the fields.
 */
export function CardDetails({
  sandbox,
  failure,
  failureRef,
  form,
  card,
  onChange,
}: {
  sandbox: boolean;
  failure: string | null;
  failureRef: RefObject<HTMLDivElement | null>;
  form: ComponentProps<typeof FormAlert>["form"] & { message: (field: CardInputField) => string | undefined };
  card: CardInput;
  onChange: (card: CardInput) => void;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="card-details" className="flex flex-col gap-4">
      <h2 id="card-details" className="text-lg font-semibold">
        {t("checkout.cardHeading")}
      </h2>
      {sandbox && (
        <p className="rounded-[var(--radius-control)] border border-line bg-info-soft px-4 py-3 text-sm">
          {t("checkout.sandboxNote")}
        </p>
      )}
      <div ref={failureRef} tabIndex={-1} className="focus:outline-none">
        {failure && <Alert tone="error" title={failure} />}
      </div>
      <FormAlert form={form} />
      <CardFields card={card} onChange={onChange} message={form.message} />
    </section>
  );
}
