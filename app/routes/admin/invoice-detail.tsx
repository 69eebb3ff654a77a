// /admin/capway/invoices/{id}: one invoice as the admin follows it up: every fact, its lines and
// payments, the PDF, and what may be done with it now (the API's canRecordPayment, canRemind,
// canCredit): record a payment (in part or full), send a reminder (the first one adds the fee), credit
// it. Each action's answer is the invoice after it, shown at once, with a toast saying what happened.
import { useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { data, Link } from "react-router";
import { invoiceIdSchema, type AdminInvoiceDetail } from "../../../contract/invoices";
import { buttonClass, ButtonLink } from "../../components/button";
import { DataTable, type Column } from "../../components/data-table";
import { EmptyState, emptyIcons } from "../../components/empty-state";
import { AdminPageHeader } from "../../components/admin/admin-page-header";
import { InvoiceActions } from "../../components/admin/invoices/invoice-actions";
import { invoiceDay, sek } from "../../components/admin/invoices/invoice-format";
import { InvoiceStatusPill } from "../../components/admin/invoices/invoice-status";
import { formatDateTime } from "../../lib/date-format";
import { adminInvoiceDetail, servicesContext } from "../../lib/services.server";
import type { Route } from "./+types/invoice-detail";
import { Fact, Facts } from "../../components/facts";
import { Card, Section } from "../../components/card";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = invoiceIdSchema.safeParse(params.id);
  const invoice = id.success ? await adminInvoiceDetail(context.get(servicesContext).db, id.data) : null;
  // The screen says there is no such invoice; the status says so too.
  if (!invoice) return data({ invoice }, { status: 404 });
  return { invoice };
}

export default function InvoicePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  // The answer of an action replaces what was loaded, until the next load.
  const [shown, setShown] = useState(loaderData.invoice);
  const [loaded, setLoaded] = useState(loaderData.invoice);
  if (loaderData.invoice !== loaded) {
    setLoaded(loaderData.invoice);
    setShown(loaderData.invoice);
  }
  const invoice = shown;
  const current = invoice ? t("adminInvoices.detail.invoiceN", { number: invoice.number }) : undefined;

  return (
    <div className="flex flex-col gap-8">
      <title>
        {invoice
          ? t("adminInvoices.detail.titleFor", { number: invoice.number })
          : t("adminInvoices.detail.title")}
      </title>
      <AdminPageHeader
        path="/admin/capway/invoices"
        current={current ?? t("adminInvoices.detail.notFound")}
        title={current ?? t("adminInvoices.detail.heading")}
        actions={
          invoice && (
            <a href={invoice.pdfPath} download className={buttonClass("secondary")}>
              {t("adminInvoices.detail.downloadPdf")}
            </a>
          )
        }
      />
      {invoice ? (
        <InvoiceDetail invoice={invoice} onChange={setShown} />
      ) : (
        <Card>
          <EmptyState
            headingLevel={2}
            icon={emptyIcons.search}
            title={t("adminInvoices.detail.notFound")}
            text={t("adminInvoices.detail.notFoundText")}
            action={
              <ButtonLink to="/admin/capway/invoices" variant="secondary">
                {t("adminInvoices.nav.list")}
              </ButtonLink>
            }
          />
        </Card>
      )}
    </div>
  );
}

type Line = AdminInvoiceDetail["lines"][number] & { index: number };
type Payment = AdminInvoiceDetail["payments"][number];

function InvoiceDetail({
  invoice,
  onChange,
}: {
  invoice: AdminInvoiceDetail;
  onChange: (invoice: AdminInvoiceDetail) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const money = (ore: number) => sek(ore, locale);
  const quantity = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });

  const lineColumns: Column<Line>[] = [
    {
      key: "description",
      header: t("adminInvoices.new.description"),
      cell: (row) => row.description,
      className: "min-w-56",
    },
    {
      key: "quantity",
      header: t("adminInvoices.new.quantity"),
      cell: (row) => quantity.format(row.quantity),
      numeric: true,
    },
    {
      key: "unit",
      header: t("adminInvoices.unitPrice"),
      cell: (row) => money(row.unitPriceOre),
      numeric: true,
      wrap: "never",
    },
    {
      key: "rate",
      header: t("adminInvoices.vatRate"),
      cell: (row) => `${row.vatRatePercent} %`,
      numeric: true,
      wrap: "never",
    },
    {
      key: "net",
      header: t("adminInvoices.net"),
      cell: (row) => money(row.netOre),
      numeric: true,
      wrap: "never",
    },
  ];
  const paymentColumns: Column<Payment>[] = [
    {
      key: "paidOn",
      header: t("adminInvoices.detail.paidOn"),
      cell: (row) => invoiceDay(row.paidOn, locale),
      wrap: "never",
    },
    {
      key: "amount",
      header: t("adminInvoices.detail.amount"),
      cell: (row) => money(row.amountOre),
      numeric: true,
      wrap: "never",
    },
    {
      key: "source",
      header: t("adminInvoices.detail.source"),
      cell: (row) => t(`adminInvoices.detail.sources.${row.source}`),
    },
    {
      key: "reference",
      header: t("adminInvoices.detail.reference"),
      cell: (row) => row.reference ?? <span className="text-muted">{t("adminInvoices.none")}</span>,
      wrap: "anywhere",
      className: "min-w-40",
    },
    {
      key: "booked",
      header: t("adminInvoices.detail.booked"),
      cell: (row) => <time dateTime={row.createdAt}>{formatDateTime(row.createdAt, locale)}</time>,
      wrap: "never",
    },
  ];

  return (
    <div className="flex flex-col gap-8">
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <Facts id="invoice-facts" title={t("adminInvoices.detail.facts")}>
          <Fact label={t("adminInvoices.statusLabel")}>
            <span data-testid="invoice-status">
              <InvoiceStatusPill status={invoice.status} creditNote={invoice.isCreditNote} />
            </span>
          </Fact>
          <Fact label={t("adminInvoices.number")} numeric>
            {invoice.number}
          </Fact>
          <Fact label={t("adminInvoices.ocr")}>
            <code className="font-mono" data-testid="invoice-ocr">
              {invoice.ocr}
            </code>
          </Fact>
          <Fact label={t("adminInvoices.issueDate")}>{invoiceDay(invoice.issueDate, locale)}</Fact>
          <Fact label={t("adminInvoices.dueDate")}>{invoiceDay(invoice.dueDate, locale)}</Fact>
          <Fact label={t("adminInvoices.netTotal")} numeric>
            {money(invoice.netOre)}
          </Fact>
          <Fact label={t("adminInvoices.vatTotal")} numeric>
            {money(invoice.vatOre)}
          </Fact>
          <Fact label={t("adminInvoices.total")} numeric>
            {money(invoice.totalOre)}
          </Fact>
          <Fact label={t("adminInvoices.detail.reminderFee")} numeric>
            {money(invoice.reminderFeeOre)}
          </Fact>
          <Fact label={t("adminInvoices.detail.paid")} numeric>
            {money(invoice.paidOre)}
          </Fact>
          <Fact label={t("adminInvoices.toPay")} numeric>
            <strong data-testid="invoice-to-pay">{money(invoice.toPayOre)}</strong>
          </Fact>
          <Fact label={t("adminInvoices.detail.reminders")} numeric>
            {invoice.remindersSent}
          </Fact>
          {invoice.creditNumber !== null && (
            <Fact
              label={
                invoice.isCreditNote
                  ? t("adminInvoices.detail.credits")
                  : t("adminInvoices.detail.creditedBy")
              }
            >
              {invoice.creditNumber}
            </Fact>
          )}
        </Facts>
        <div className="flex min-w-0 flex-col gap-6">
          <InvoiceActions invoice={invoice} onChange={onChange} />
          <Facts id="invoice-customer" title={t("adminInvoices.customer")}>
            <Fact label={t("adminInvoices.new.name")}>{invoice.customerName}</Fact>
            <Fact label={t("adminInvoices.detail.address")}>
              {invoice.customerAddressLines.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </Fact>
            <Fact label={t("adminInvoices.new.email")}>
              <span className="break-all">{invoice.customerEmail}</span>
            </Fact>
            <Fact label={t("adminInvoices.page")}>
              {invoice.profileId ? (
                <Link
                  to={`/admin/profile-admin?id=${encodeURIComponent(invoice.profileId)}`}
                  className="font-mono font-medium text-brand underline underline-offset-2"
                >
                  {invoice.profileId}
                </Link>
              ) : (
                <span className="text-muted">{t("adminInvoices.none")}</span>
              )}
            </Fact>
            {invoice.orderNumber && (
              <Fact label={t("adminInvoices.detail.order")}>
                <Link
                  to={`/admin/orders/${encodeURIComponent(invoice.orderNumber)}`}
                  className="font-mono font-medium text-brand underline underline-offset-2"
                >
                  {invoice.orderNumber}
                </Link>
              </Fact>
            )}
            <Fact label={t("adminInvoices.new.language")}>{t(`language.${invoice.language}`)}</Fact>
          </Facts>
        </div>
      </div>

      <Section
        id="invoice-lines"
        title={t("adminInvoices.new.lines")}
        className="flex min-w-0 flex-col gap-3"
      >
        <DataTable
          caption={t("adminInvoices.detail.linesCaption", { number: invoice.number })}
          columns={lineColumns}
          rows={invoice.lines.map((line, index) => ({ ...line, index }))}
          rowKey={(row) => String(row.index)}
          empty={t("adminInvoices.detail.noLines")}
        />
      </Section>

      <Section
        id="invoice-payments"
        title={t("adminInvoices.detail.payments")}
        className="flex min-w-0 flex-col gap-3"
      >
        <DataTable
          caption={t("adminInvoices.detail.paymentsCaption", { number: invoice.number })}
          columns={paymentColumns}
          rows={invoice.payments}
          rowKey={(row) => row.id}
          empty={<EmptyState icon={emptyIcons.history} title={t("adminInvoices.detail.noPayments")} />}
        />
      </Section>
    </div>
  );
}
