// /admin/capway/creditor: the company's invoicing identity (ADR 013), read from the active creditor
// and saved with PUT /api/admin/creditor. The form checks with the API's own schema
// (contract/creditor.ts) and shows its messages in the reader's language; the numbers are shown in
// their printed forms as soon as a field is left.
import { useState, type FormEvent } from "react";
import { useTranslation } from "../../lib/i18n";
import {
  creditorInputSchema,
  creditorMessageName,
  maxAddressLines,
  maxReminderFeeOre,
  maxTermsDays,
  minTermsDays,
  type Creditor,
} from "../../../contract/creditor";
import {
  formatBankgiro,
  formatOrgNumber,
  formatPlusgiro,
  isValidOrgNumber,
  normalizeVatNumber,
  vatNumberFromOrgNumber,
} from "../../../contract/swedish-numbers";
import { Alert } from "../../components/alert";
import { Button } from "../../components/button";
import { CheckboxField } from "../../components/checkbox-field";
import { FormAlert } from "../../components/form-alert";
import { MoneyField } from "../../components/money-field";
import { AdminPageHeader } from "../../components/admin/admin-page-header";
import { TextArea } from "../../components/text-area";
import { TextField } from "../../components/text-field";
import { useToast } from "../../components/toast";
import { api } from "../../lib/api";
import { activeCreditor, servicesContext } from "../../lib/services.server";
import { useFormSubmit, type FieldErrors } from "../../lib/use-form-submit";
import type { Route } from "./+types/creditor";
import { CardSection } from "../../components/card";

export async function loader({ context }: Route.LoaderArgs) {
  return { creditor: await activeCreditor(context.get(servicesContext).db) };
}

const fields = [
  "name",
  "orgNumber",
  "vatNumber",
  "addressLines",
  "bankgiro",
  "plusgiro",
  "seat",
  "fSkatt",
  "email",
  "phone",
  "logoUrl",
  "termsDays",
  "reminderFeeOre",
  "lateInterestText",
] as const;
type Field = (typeof fields)[number];

/** What the form holds: text as typed, the fee in öre (MoneyField parses it). */
type Draft = {
  name: string;
  orgNumber: string;
  vatNumber: string;
  address: string;
  bankgiro: string;
  plusgiro: string;
  seat: string;
  fSkatt: boolean;
  email: string;
  phone: string;
  termsDays: string;
  reminderFeeOre: number | null;
  lateInterestText: string;
};

function draftOf(creditor: Creditor | null): Draft {
  return {
    name: creditor?.name ?? "",
    orgNumber: creditor?.orgNumber ?? "",
    vatNumber: creditor?.vatNumber ?? "",
    address: creditor?.addressLines.join("\n") ?? "",
    bankgiro: creditor?.bankgiro ?? "",
    plusgiro: creditor?.plusgiro ?? "",
    seat: creditor?.seat ?? "",
    fSkatt: creditor?.fSkatt ?? true,
    email: creditor?.email ?? "",
    phone: creditor?.phone ?? "",
    termsDays: String(creditor?.termsDays ?? 30),
    reminderFeeOre: creditor?.reminderFeeOre ?? maxReminderFeeOre,
    lateInterestText: creditor?.lateInterestText ?? "",
  };
}

export default function CreditorScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { creditor } = loaderData;
  return (
    <div className="flex flex-col gap-8">
      <title>{t("creditor.title")}</title>
      <AdminPageHeader
        path="/admin/capway/creditor"
        title={t("creditor.heading")}
        description={t("creditor.lead")}
      />
      {creditor ? (
        <p className="text-sm text-muted tabular-nums">
          {t("creditor.nextInvoiceNumber", { number: creditor.nextInvoiceNumber })}
        </p>
      ) : (
        <Alert tone="info" title={t("creditor.emptyTitle")}>
          {t("creditor.emptyText")}
        </Alert>
      )}
      <CreditorForm creditor={creditor} />
    </div>
  );
}

function CreditorForm({ creditor }: { creditor: Creditor | null }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [draft, setDraft] = useState<Draft>(() => draftOf(creditor));
  const [feeProblem, setFeeProblem] = useState<string>();
  const form = useFormSubmit<Field>({
    fields,
    quietWhenExplained: true,
    // The API's messages are English: a field it names gets the form's text for that field.
    messages: {
      invalid_request: {
        name: "creditor.errors.nameRequired",
        orgNumber: "creditor.errors.orgNumberInvalid",
        vatNumber: "creditor.errors.vatNumberMismatch",
        addressLines: "creditor.errors.addressRequired",
        bankgiro: "creditor.errors.bankgiroInvalid",
        plusgiro: "creditor.errors.plusgiroInvalid",
        seat: "creditor.errors.seatRequired",
        email: "creditor.errors.emailInvalid",
        termsDays: "creditor.errors.termsDaysInvalid",
        reminderFeeOre: "creditor.errors.reminderFeeInvalid",
        phone: "creditor.errors.invalid",
        lateInterestText: "creditor.errors.invalid",
      },
    },
  });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((now) => ({ ...now, [key]: value }));

  function payload() {
    const days = draft.termsDays.trim();
    return {
      name: draft.name,
      orgNumber: draft.orgNumber,
      vatNumber: draft.vatNumber,
      addressLines: draft.address.split("\n"),
      bankgiro: draft.bankgiro,
      plusgiro: draft.plusgiro,
      seat: draft.seat,
      fSkatt: draft.fSkatt,
      email: draft.email,
      phone: draft.phone,
      // The logo is uploaded elsewhere; saving the form keeps it.
      logoUrl: creditor?.logoUrl ?? null,
      termsDays: /^\d+$/.test(days) ? Number(days) : Number.NaN,
      reminderFeeOre: draft.reminderFeeOre ?? Number.NaN,
      lateInterestText: draft.lateInterestText,
    };
  }

  function check(): FieldErrors<Field> {
    const problems: FieldErrors<Field> = {};
    const parsed = creditorInputSchema.safeParse(payload());
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        const name = creditorMessageName(issue.message);
        problems[field] ??= `creditor.errors.${name ?? "invalid"}`;
      }
    }
    if (feeProblem) problems.reminderFeeOre = feeProblem;
    return problems;
  }

  function submit(event: FormEvent) {
    void form.submit(event, {
      check,
      send: async () => {
        const saved = await api.put("/admin/creditor", { body: payload() });
        // The numbers come back in their printed forms; show what was stored.
        setDraft(draftOf(saved));
      },
      onDone: async () => {
        toast.show({ title: t("creditor.saved") });
      },
    });
  }

  const vatSuggestion =
    isValidOrgNumber(draft.orgNumber) && draft.vatNumber.trim() === ""
      ? vatNumberFromOrgNumber(draft.orgNumber)
      : null;

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6">
      <div aria-live="polite">
        <FormAlert form={form} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <CardSection id="creditor-company" title={t("creditor.sections.company")}>
          <TextField
            label={t("creditor.name")}
            name="name"
            autoComplete="organization"
            value={draft.name}
            onChange={(event) => set("name", event.target.value)}
            error={form.message("name")}
          />
          <TextField
            label={t("creditor.orgNumber")}
            hint={t("creditor.orgNumberHint")}
            name="orgNumber"
            inputMode="numeric"
            autoComplete="off"
            className="max-w-64"
            value={draft.orgNumber}
            onChange={(event) => set("orgNumber", event.target.value)}
            onBlur={() => set("orgNumber", formatOrgNumber(draft.orgNumber))}
            error={form.message("orgNumber")}
          />
          <div className="flex flex-col gap-2">
            <TextField
              label={t("creditor.vatNumber")}
              hint={t("creditor.vatNumberHint")}
              name="vatNumber"
              autoComplete="off"
              className="max-w-80"
              value={draft.vatNumber}
              onChange={(event) => set("vatNumber", event.target.value)}
              onBlur={() => set("vatNumber", normalizeVatNumber(draft.vatNumber))}
              error={form.message("vatNumber")}
            />
            {vatSuggestion && (
              <div>
                <Button variant="secondary" onClick={() => set("vatNumber", vatSuggestion)}>
                  {t("creditor.vatFromOrg")}
                </Button>
              </div>
            )}
          </div>
          <TextArea
            label={t("creditor.address")}
            hint={t("creditor.addressHint")}
            name="addressLines"
            autoComplete="street-address"
            rows={maxAddressLines}
            value={draft.address}
            onChange={(event) => set("address", event.target.value)}
            error={form.message("addressLines")}
          />
          <TextField
            label={t("creditor.seat")}
            hint={t("creditor.seatHint")}
            name="seat"
            value={draft.seat}
            onChange={(event) => set("seat", event.target.value)}
            error={form.message("seat")}
          />
          <CheckboxField
            label={t("creditor.fSkatt")}
            hint={t("creditor.fSkattHint")}
            name="fSkatt"
            checked={draft.fSkatt}
            onChange={(event) => set("fSkatt", event.target.checked)}
            error={form.message("fSkatt")}
          />
        </CardSection>
        <div className="flex flex-col gap-6">
          <CardSection id="creditor-payment" title={t("creditor.sections.payment")}>
            <TextField
              label={t("creditor.bankgiro")}
              hint={t("creditor.bankgiroHint")}
              name="bankgiro"
              inputMode="numeric"
              autoComplete="off"
              className="max-w-64"
              value={draft.bankgiro}
              onChange={(event) => set("bankgiro", event.target.value)}
              onBlur={() => set("bankgiro", formatBankgiro(draft.bankgiro))}
              error={form.message("bankgiro")}
            />
            <TextField
              label={t("creditor.plusgiro")}
              hint={t("creditor.plusgiroHint")}
              name="plusgiro"
              inputMode="numeric"
              autoComplete="off"
              className="max-w-64"
              value={draft.plusgiro}
              onChange={(event) => set("plusgiro", event.target.value)}
              onBlur={() => set("plusgiro", formatPlusgiro(draft.plusgiro))}
              error={form.message("plusgiro")}
            />
          </CardSection>
          <CardSection id="creditor-contact" title={t("creditor.sections.contact")}>
            <TextField
              label={t("creditor.email")}
              name="email"
              type="email"
              autoComplete="email"
              value={draft.email}
              onChange={(event) => set("email", event.target.value)}
              error={form.message("email")}
            />
            <TextField
              label={t("creditor.phone")}
              name="phone"
              type="tel"
              autoComplete="tel"
              className="max-w-64"
              value={draft.phone}
              onChange={(event) => set("phone", event.target.value)}
              error={form.message("phone")}
            />
          </CardSection>
          <CardSection id="creditor-terms" title={t("creditor.sections.terms")}>
            <TextField
              label={t("creditor.termsDays")}
              hint={t("creditor.termsDaysHint")}
              name="termsDays"
              type="number"
              inputMode="numeric"
              min={minTermsDays}
              max={maxTermsDays}
              step={1}
              className="max-w-64"
              value={draft.termsDays}
              onChange={(event) => set("termsDays", event.target.value)}
              error={form.message("termsDays")}
            />
            <MoneyField
              label={t("creditor.reminderFee")}
              hint={t("creditor.reminderFeeHint")}
              name="reminderFeeOre"
              value={draft.reminderFeeOre}
              minOre={0}
              maxOre={maxReminderFeeOre}
              onChange={(ore, problem) => {
                set("reminderFeeOre", ore);
                setFeeProblem(problem && "creditor.errors.reminderFeeInvalid");
              }}
              error={form.message("reminderFeeOre")}
            />
            <TextArea
              label={t("creditor.lateInterestText")}
              hint={t("creditor.lateInterestHint")}
              name="lateInterestText"
              rows={2}
              value={draft.lateInterestText}
              onChange={(event) => set("lateInterestText", event.target.value)}
              error={form.message("lateInterestText")}
            />
          </CardSection>
        </div>
      </div>
      <div>
        <Button type="submit" busy={form.busy}>
          {form.busy ? t("creditor.saving") : t("creditor.save")}
        </Button>
      </div>
    </form>
  );
}
