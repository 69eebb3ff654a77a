// /admin/capway/new-invoice: the admin issues a manual invoice to any customer (ADR 013): the customer's
// address, any number of lines at any Swedish VAT rate, a live summary computed as the server computes
// it, a PDF preview (POST /api/admin/invoices/preview.pdf), and issuing after a confirmation
// (POST /api/admin/invoices), which leads to the new invoice's page. Both checks use the API's schema
// (contract/invoices.ts); a field the API names (`lines.1.unitPriceOre`) shows its message under that field.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "../../lib/i18n";
import { useNavigate } from "react-router";
import { manualInvoiceRequestSchema } from "../../../contract/invoices";
import { Alert } from "../../components/alert";
import { Button, ButtonLink } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { EmptyState, emptyIcons } from "../../components/empty-state";
import { AdminPageHeader } from "../../components/admin/admin-page-header";
import { SelectField } from "../../components/select-field";
import { TextField } from "../../components/text-field";
import { useToast } from "../../components/toast";
import { invoiceFailureOf, type InvoiceCallFailure } from "../../components/admin/invoices/api-failure";
import { emptyDraft, requestOf, type InvoiceDraft } from "../../components/admin/invoices/invoice-draft";
import {
  errorsOfFields,
  errorsOfIssues,
  type InvoiceFieldErrors,
} from "../../components/admin/invoices/invoice-errors";
import { sek } from "../../components/admin/invoices/invoice-format";
import { InvoiceSummary } from "../../components/admin/invoices/invoice-summary";
import { LinesEditor } from "../../components/admin/invoices/lines-editor";
import { invoiceTotals, roundToKronor } from "../../../contract/swedish-numbers";
import { isCountable } from "../../components/admin/invoices/invoice-draft";
import { api } from "../../lib/api";
import { activeCreditor, servicesContext } from "../../lib/services.server";
import type { Route } from "./+types/new-invoice";
import { Card, CardSection } from "../../components/card";

export async function loader({ context }: Route.LoaderArgs) {
  const creditor = await activeCreditor(context.get(servicesContext).db);
  // Only what the form needs: the default terms, and whether invoices can be issued at all.
  return { creditor: creditor ? { name: creditor.name, termsDays: creditor.termsDays } : null };
}

export default function NewInvoiceScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { creditor } = loaderData;
  return (
    <div className="flex flex-col gap-8">
      <title>{t("adminInvoices.new.title")}</title>
      <AdminPageHeader
        path="/admin/capway/new-invoice"
        title={t("adminInvoices.new.heading")}
        description={creditor ? t("adminInvoices.new.lead", { creditor: creditor.name }) : undefined}
        actions={
          <ButtonLink to="/admin/capway/invoices" variant="secondary">
            {t("adminInvoices.nav.list")}
          </ButtonLink>
        }
      />
      {creditor ? (
        <InvoiceForm termsDays={creditor.termsDays} />
      ) : (
        <Card>
          <EmptyState
            headingLevel={2}
            icon={emptyIcons.list}
            title={t("adminInvoices.new.noCreditorTitle")}
            text={t("adminInvoices.new.noCreditorText")}
            action={
              <ButtonLink to="/admin/capway/creditor">{t("adminInvoices.new.setUpCreditor")}</ButtonLink>
            }
          />
        </Card>
      )}
    </div>
  );
}

type Customer = "name" | "careOf" | "street" | "postcode" | "city" | "email";

function InvoiceForm({ termsDays }: { termsDays: number }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<InvoiceDraft>(() => emptyDraft(termsDays));
  const [errors, setErrors] = useState<InvoiceFieldErrors>({});
  const [failure, setFailure] = useState<InvoiceCallFailure>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<"preview" | "issue" | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string>();
  const alertRef = useRef<HTMLDivElement>(null);

  // A preview's blob URL lives until the next preview or until the screen is left.
  useEffect(() => () => void (previewUrl && URL.revokeObjectURL(previewUrl)), [previewUrl]);

  const message = (path: string) => (errors[path] ? t(errors[path]) : undefined);
  const set = <K extends keyof InvoiceDraft>(key: K, value: InvoiceDraft[K], path?: string) => {
    setDraft((now) => ({ ...now, [key]: value }));
    if (path && errors[path]) setErrors(({ [path]: _gone, ...rest }) => rest);
  };
  const request = requestOf(draft);

  /** The browser's own check, as the server's; the price fields' own problems count too. */
  function check(): boolean {
    const parsed = manualInvoiceRequestSchema.safeParse(request);
    const found = parsed.success ? {} : errorsOfIssues(parsed.error.issues);
    draft.lines.forEach((line, index) => {
      if (line.priceProblem) found[`lines.${index}.unitPriceOre`] = "adminInvoices.errors.unitPriceInvalid";
    });
    if (found.profileId) found.profileId = "adminInvoices.errors.profileIdInvalid";
    setErrors(found);
    setFailure(undefined);
    return Object.keys(found).length === 0;
  }

  async function showFailure(caught: unknown) {
    const failed = await invoiceFailureOf(caught);
    const fieldErrors = errorsOfFields(failed.fields);
    if (fieldErrors.profileId) fieldErrors.profileId = "adminInvoices.errors.profileIdInvalid";
    setErrors(fieldErrors);
    setFailure(failed);
    alertRef.current?.scrollIntoView({ block: "nearest" });
  }

  async function preview() {
    if (!check()) return;
    setBusy("preview");
    try {
      const pdf = await api.file("post", "/admin/invoices/preview.pdf", { body: request, refresh: false });
      const url = URL.createObjectURL(new Blob([pdf], { type: "application/pdf" }));
      setPreviewUrl(url);
      // A new tab when the browser allows one after the wait; otherwise the link below opens it.
      window.open(url, "_blank", "noopener");
    } catch (caught) {
      await showFailure(caught);
    } finally {
      setBusy(null);
    }
  }

  function askToIssue(event: FormEvent) {
    event.preventDefault();
    if (check()) setConfirming(true);
  }

  async function issue() {
    setBusy("issue");
    try {
      const { invoice } = await api.post("/admin/invoices", { body: request });
      const issued = `/admin/capway/invoices/${encodeURIComponent(invoice.id)}`;
      // Told on the invoice's own page, where it moves to now.
      toast.show({
        title: t("adminInvoices.new.issued", { number: invoice.number }),
        description: t("adminInvoices.new.issuedText", { email: invoice.customerEmail }),
        on: issued,
      });
      await navigate(issued);
    } catch (caught) {
      setConfirming(false);
      await showFailure(caught);
      setBusy(null);
    }
  }

  const countable = request.lines.filter(isCountable);
  const toPayOre = roundToKronor(invoiceTotals(countable).totalOre).amountOre;
  const customerField = (
    field: Customer,
    label: string,
    extra: Partial<Parameters<typeof TextField>[0]> = {},
  ) => (
    <TextField
      label={label}
      name={`customer.${field}`}
      value={draft[field]}
      onChange={(event) => set(field, event.target.value, `customer.${field}`)}
      error={message(`customer.${field}`)}
      {...extra}
    />
  );
  const explained = Object.keys(errors).length > 0;

  return (
    <form noValidate onSubmit={askToIssue} className="flex flex-col gap-6">
      <div aria-live="polite" ref={alertRef}>
        {failure?.status === 409 ? (
          <Alert tone="error" title={t("adminInvoices.new.noCreditorTitle")}>
            {t("adminInvoices.new.noCreditorText")}
          </Alert>
        ) : failure && !explained ? (
          <Alert tone="error" title={t("validation.failed")}>
            {t("adminInvoices.tryAgain")}
          </Alert>
        ) : explained ? (
          <Alert tone="error" title={t("adminInvoices.new.fixFields")} />
        ) : null}
      </div>
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <CardSection id="invoice-customer" title={t("adminInvoices.new.customer")}>
          {customerField("name", t("adminInvoices.new.name"), { autoComplete: "off" })}
          {customerField("careOf", t("adminInvoices.new.careOf"), {
            hint: t("adminInvoices.new.careOfHint"),
          })}
          {customerField("street", t("adminInvoices.new.street"), { autoComplete: "off" })}
          <div className="grid gap-4 sm:grid-cols-[10rem_minmax(0,1fr)]">
            {customerField("postcode", t("adminInvoices.new.postcode"), {
              inputMode: "numeric",
              autoComplete: "off",
              hint: t("adminInvoices.new.postcodeHint"),
            })}
            {customerField("city", t("adminInvoices.new.city"), { autoComplete: "off" })}
          </div>
          {customerField("email", t("adminInvoices.new.email"), {
            type: "email",
            autoComplete: "off",
            hint: t("adminInvoices.new.emailHint"),
          })}
        </CardSection>
        <CardSection id="invoice-terms" title={t("adminInvoices.new.terms")}>
          <TextField
            label={t("adminInvoices.new.profileId")}
            hint={t("adminInvoices.new.profileIdHint")}
            name="profileId"
            autoComplete="off"
            spellCheck={false}
            className="max-w-64"
            value={draft.profileId}
            onChange={(event) => set("profileId", event.target.value, "profileId")}
            onBlur={() => set("profileId", draft.profileId.trim().toUpperCase())}
            error={message("profileId")}
          />
          <SelectField
            label={t("adminInvoices.new.language")}
            hint={t("adminInvoices.new.languageHint")}
            name="language"
            className="max-w-64"
            value={draft.language}
            onChange={(event) =>
              set("language", event.target.value === "en-US" ? "en-US" : "sv-SE", "language")
            }
            options={[
              { value: "sv-SE", label: t("language.sv-SE") },
              { value: "en-US", label: t("language.en-US") },
            ]}
            error={message("language")}
          />
          <TextField
            label={t("adminInvoices.new.termsDays")}
            hint={t("adminInvoices.new.termsDaysHint", { days: termsDays })}
            name="termsDays"
            type="number"
            inputMode="numeric"
            min={1}
            max={90}
            step={1}
            className="max-w-64"
            value={draft.termsDays}
            onChange={(event) => set("termsDays", event.target.value, "termsDays")}
            error={message("termsDays")}
          />
        </CardSection>
      </div>
      <LinesEditor
        lines={draft.lines}
        onChange={(lines) => {
          // Rows moved: the API's messages by index no longer point at the right rows.
          if (lines.length !== draft.lines.length)
            setErrors((now) =>
              Object.fromEntries(Object.entries(now).filter(([path]) => !path.startsWith("lines"))),
            );
          set("lines", lines);
        }}
        error={(index, field) => message(`lines.${index}.${field}`)}
        listError={message("lines") ?? message("body")}
      />
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <InvoiceSummary lines={request.lines} />
        <div className="flex flex-col gap-3 lg:pt-5">
          <div className="flex flex-wrap gap-3">
            <Button type="submit" busy={busy === "issue"} disabled={busy !== null}>
              {t("adminInvoices.new.issue")}
            </Button>
            <Button
              variant="secondary"
              busy={busy === "preview"}
              disabled={busy !== null}
              onClick={() => void preview()}
            >
              {busy === "preview" ? t("adminInvoices.new.previewing") : t("adminInvoices.new.preview")}
            </Button>
          </div>
          <p className="text-sm text-muted">{t("adminInvoices.new.issueHint")}</p>
          {previewUrl && (
            <p className="text-sm">
              <a
                href={previewUrl}
                target="_blank"
                rel="noopener"
                className="font-medium text-brand underline"
              >
                {t("adminInvoices.new.openPreview")}
              </a>
            </p>
          )}
        </div>
      </div>
      <Dialog
        open={confirming}
        title={t("adminInvoices.new.confirmTitle")}
        onClose={() => setConfirming(false)}
      >
        <div className="flex flex-col gap-4">
          <p>
            {t("adminInvoices.new.confirmText", {
              name: draft.name.trim(),
              amount: sek(toPayOre, i18n.language),
              email: draft.email.trim(),
            })}
          </p>
          <p className="text-sm text-muted">{t("adminInvoices.new.confirmFinal")}</p>
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={busy === "issue"}>
              {t("adminInvoices.cancel")}
            </Button>
            <Button busy={busy === "issue"} onClick={() => void issue()}>
              {busy === "issue" ? t("adminInvoices.new.issuing") : t("adminInvoices.new.confirmIssue")}
            </Button>
          </div>
        </div>
      </Dialog>
    </form>
  );
}
