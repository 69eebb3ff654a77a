// The confirmation of an order paid by invoice: what the customer needs to pay it (number, OCR
// reference with a copy button, amount, due date, bankgiro or plusgiro), where it was sent, the PDF,
// the page's true state (active and paid until when, or its trial going on until when), and that the
// invoice pays for one period: nothing renews by itself. The part that says how to pay (InvoicePayment)
// is the gift's thank-you's too.
import { useTranslation } from "../../lib/i18n";
import type { CustomerOrder } from "../../../contract/checkout";
import type { CustomerInvoice } from "../../../contract/invoices";
import { formatDate } from "../../lib/date-format";
import { formatMoney } from "../../lib/format";
import { copyLink } from "../../lib/share";
import { Button, ButtonLink, buttonClass } from "../button";
import { useToast } from "../toast";
import { Alert } from "../alert";
import { Card } from "../card";

export function InvoiceConfirmation({
  order,
  invoice,
  page,
}: {
  order: CustomerOrder;
  invoice: CustomerInvoice;
  /** The page now: its trial, still running (the invoice's period starts when it ends), and paid-until. */
  page: { trialEndsAt: string | null; paidUntil: string | null };
}) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatDate(iso, i18n.language, "long");
  const { trialEndsAt, paidUntil } = page;
  return (
    <>
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-semibold">{t("invoiceCheckout.confirm.heading")}</h1>
        <p className="text-muted">{t("invoiceCheckout.confirm.lead", { email: invoice.email })}</p>
        {paidUntil && (
          <p className="text-muted" data-testid="page-state">
            {trialEndsAt
              ? t("invoiceCheckout.confirm.stateTrial", {
                  trialEnd: date(trialEndsAt),
                  date: date(paidUntil),
                })
              : t("invoiceCheckout.confirm.stateActive", { date: date(paidUntil) })}
          </p>
        )}
      </header>
      {paidUntil && order.plan !== "link" && (
        <Alert tone="info">
          <p data-testid="invoice-next-step">
            {t(`invoiceCheckout.oneOff.${order.plan}`, { date: date(paidUntil) })}
          </p>
        </Alert>
      )}

      <InvoicePayment invoice={invoice} vat={order} />

      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 rounded-[var(--radius-card)] border border-line p-6 sm:grid-cols-[auto_1fr] sm:gap-y-3">
        <dt className="text-sm text-muted">{t("invoiceCheckout.confirm.sentTo")}</dt>
        <dd className="mb-2 break-all sm:mb-0">{invoice.email}</dd>
        <dt className="text-sm text-muted">{t("invoiceCheckout.confirm.order")}</dt>
        <dd className="mb-2 font-mono tracking-wider sm:mb-0" data-testid="order-number">
          {order.orderNumber}
        </dd>
        <dt className="text-sm text-muted">{t("checkout.confirm.plan")}</dt>
        <dd className="mb-2 sm:mb-0">{t(`checkout.plan.${order.plan}`)}</dd>
        {paidUntil && (
          <>
            <dt className="text-sm text-muted">{t("invoiceCheckout.confirm.activeUntil")}</dt>
            <dd>{date(paidUntil)}</dd>
          </>
        )}
      </dl>

      <div className="flex flex-col gap-3 sm:flex-row">
        <ButtonLink to={`/k/${order.profileId}`} variant="secondary">
          {t("checkout.confirm.back")}
        </ButtonLink>
      </div>
    </>
  );
}

/** What the customer needs to pay an invoice: its number, the OCR reference with a copy button, what is
 * left to pay with its VAT, the due date, the bankgiro or plusgiro, and its PDF. */
export function InvoicePayment({
  invoice,
  vat,
}: {
  invoice: CustomerInvoice;
  /** The order's VAT, as its invoice has it. */
  vat: Pick<CustomerOrder, "vatRatePercent" | "vatOre">;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const money = (amountOre: number) => formatMoney({ amountOre, currency: "SEK" }, i18n.language);

  async function copyOcr() {
    const result = await copyLink(invoice.ocr);
    toast.show(
      result === "copied"
        ? { title: t("invoiceCheckout.confirm.copied") }
        : { tone: "error", title: t("invoiceCheckout.confirm.copyFailed") },
    );
  }

  return (
    <Card as="section" aria-labelledby="invoice-details" className="flex flex-col gap-4 p-6">
      <h2 id="invoice-details" className="text-lg font-semibold">
        {t("invoiceCheckout.confirm.detailsHeading")}
      </h2>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr] sm:gap-y-3">
        <dt className="text-sm text-muted">{t("invoiceCheckout.confirm.invoiceNumber")}</dt>
        <dd
          className="mb-2 font-mono text-lg font-semibold tabular-nums sm:mb-0"
          data-testid="invoice-number"
        >
          {invoice.number}
        </dd>
        <dt className="text-sm text-muted">{t("invoiceCheckout.confirm.ocr")}</dt>
        <dd className="mb-2 flex flex-wrap items-center gap-3 sm:mb-0">
          <span className="font-mono text-lg font-semibold tracking-wider" data-testid="invoice-ocr">
            {invoice.ocr}
          </span>
          <Button
            variant="secondary"
            aria-label={t("invoiceCheckout.confirm.copyLabel")}
            onClick={() => void copyOcr()}
          >
            {t("invoiceCheckout.confirm.copy")}
          </Button>
        </dd>
        <dt className="text-sm text-muted">{t("invoiceCheckout.confirm.toPay")}</dt>
        <dd className="mb-2 font-semibold tabular-nums sm:mb-0" data-testid="invoice-to-pay">
          {money(invoice.toPayOre)}{" "}
          <span className="text-sm font-normal text-muted">
            ({t("checkout.confirm.vat", { rate: vat.vatRatePercent })} {money(vat.vatOre)})
          </span>
        </dd>
        <dt className="text-sm text-muted">{t("invoiceCheckout.confirm.dueDate")}</dt>
        <dd className="mb-2 sm:mb-0" data-testid="invoice-due-date">
          <time dateTime={invoice.dueDate}>{formatDate(invoice.dueDate, i18n.language, "long")}</time>
        </dd>
        {invoice.bankgiro && (
          <>
            <dt className="text-sm text-muted">{t("invoiceCheckout.confirm.bankgiro")}</dt>
            <dd className="mb-2 font-mono tabular-nums sm:mb-0">{invoice.bankgiro}</dd>
          </>
        )}
        {invoice.plusgiro && (
          <>
            <dt className="text-sm text-muted">{t("invoiceCheckout.confirm.plusgiro")}</dt>
            <dd className="mb-2 font-mono tabular-nums sm:mb-0">{invoice.plusgiro}</dd>
          </>
        )}
      </dl>
      <p className="text-sm">{t("invoiceCheckout.confirm.howToPay")}</p>
      <div>
        {/* A GET the browser makes with the viewer's session cookie; `download` saves it as a file. */}
        <a href={invoice.pdfPath} download className={buttonClass("primary")}>
          {t("invoiceCheckout.confirm.download")}
        </a>
      </div>
    </Card>
  );
}
