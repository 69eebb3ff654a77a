// The report of a BgMax import: the counts first, then one table per kind of outcome the admin follows
// up (matched, still owing, matched nothing, overpaid, taken back by the bank). An invoice links to the
// invoice list searched by its number, since the report names invoices by number and OCR.
import type { ReactNode } from "react";
import { useTranslation } from "../../../lib/i18n";
import { Link } from "react-router";
import type { BgMaxImportSummary } from "../../../../contract/bgmax";
import { DataTable, type Column } from "../../data-table";
import { StatePill } from "../../state-pill";
import { sek } from "./invoice-format";
import { Card } from "../../card";

type Matched = BgMaxImportSummary["matched"][number];
type Partial = BgMaxImportSummary["partial"][number];
type Unmatched = BgMaxImportSummary["unmatched"][number];
type Overpaid = BgMaxImportSummary["overpaid"][number];
type Deduction = BgMaxImportSummary["deductions"][number];

function InvoiceLink({ number }: { number: number | null }) {
  const { t } = useTranslation();
  if (number === null) return <span className="text-muted">{t("adminInvoices.none")}</span>;
  return (
    <Link
      to={`/admin/capway/invoices?customer=${number}`}
      className="inline-flex min-h-11 items-center font-medium text-brand underline underline-offset-2 sm:min-h-0"
    >
      {number}
    </Link>
  );
}

function Part({
  id,
  title,
  count,
  children,
}: {
  id: string;
  title: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-3">
      <h3 id={id} className="text-lg font-semibold">
        {title} <span className="font-sans text-base font-normal text-muted tabular-nums">({count})</span>
      </h3>
      {children}
    </section>
  );
}

export function BgMaxReport({ name, summary }: { name: string; summary: BgMaxImportSummary }) {
  const { t, i18n } = useTranslation();
  const money = (ore: number) => sek(ore, i18n.language);
  const ocr = (value: string) => <code className="font-mono">{value}</code>;
  const key = (row: { ocr?: string; reference?: string; amountOre: number }, index: number) =>
    `${index}|${row.ocr ?? row.reference}|${row.amountOre}`;
  const withIndex = <Row,>(rows: Row[]) => rows.map((row, index) => ({ ...row, index }));

  // The columns the tables share: the invoice a payment was booked on, its OCR, the amount, the
  // reference a payment came with.
  const invoiceColumn = <Row extends { invoiceNumber: number | null }>(): Column<Row> => ({
    key: "invoice",
    header: t("adminInvoices.bgmax.invoice"),
    cell: (row) => <InvoiceLink number={row.invoiceNumber} />,
    wrap: "never",
  });
  const ocrColumn = <Row extends { ocr: string }>(): Column<Row> => ({
    key: "ocr",
    header: t("adminInvoices.ocr"),
    cell: (row) => ocr(row.ocr),
    wrap: "never",
  });
  const moneyColumn = <Row,>(key: string, header: string, ore: (row: Row) => number): Column<Row> => ({
    key,
    header,
    cell: (row) => money(ore(row)),
    numeric: true,
    wrap: "never",
  });
  const amountColumn = <Row extends { amountOre: number }>() =>
    moneyColumn<Row>("amount", t("adminInvoices.detail.amount"), (row) => row.amountOre);
  const referenceColumn = <Row extends { reference: string }>(): Column<Row> => ({
    key: "reference",
    header: t("adminInvoices.detail.reference"),
    cell: (row) => ocr(row.reference || "–"),
    wrap: "anywhere",
    className: "min-w-40",
  });
  /** An invoice, its OCR and the amount: how every table of booked payments starts. */
  const booked = <Row extends { invoiceNumber: number | null; ocr: string; amountOre: number }>() => [
    invoiceColumn<Row>(),
    ocrColumn<Row>(),
    amountColumn<Row>(),
  ];

  const matchedColumns: Column<Matched & { index: number }>[] = [
    ...booked<Matched & { index: number }>(),
    {
      key: "state",
      header: t("adminInvoices.statusLabel"),
      cell: (row) =>
        row.nowPaid ? (
          <StatePill tone="good" state="paid" label={t("adminInvoices.bgmax.nowPaid")} />
        ) : (
          <StatePill tone="waiting" state="open" label={t("adminInvoices.bgmax.stillOpen")} />
        ),
      wrap: "never",
    },
  ];
  const partialColumns: Column<Partial & { index: number }>[] = [
    ...booked<Partial & { index: number }>(),
    moneyColumn("remaining", t("adminInvoices.bgmax.remaining"), (row) => row.remainingOre),
  ];
  const unmatchedColumns: Column<Unmatched & { index: number }>[] = [
    referenceColumn(),
    amountColumn(),
    {
      key: "payer",
      header: t("adminInvoices.bgmax.payer"),
      cell: (row) => row.payerName ?? <span className="text-muted">{t("adminInvoices.none")}</span>,
    },
  ];
  const overpaidColumns: Column<Overpaid & { index: number }>[] = [
    ...booked<Overpaid & { index: number }>(),
    moneyColumn("excess", t("adminInvoices.bgmax.excess"), (row) => row.excessOre),
  ];
  const deductionColumns: Column<Deduction & { index: number }>[] = [
    referenceColumn(),
    invoiceColumn(),
    amountColumn(),
  ];

  const counts: [string, ReactNode][] = [
    [t("adminInvoices.bgmax.payments"), summary.payments],
    [t("adminInvoices.bgmax.matched"), summary.matched.length],
    [t("adminInvoices.bgmax.partial"), summary.partial.length],
    [t("adminInvoices.bgmax.unmatched"), summary.unmatched.length],
    [t("adminInvoices.bgmax.overpaid"), summary.overpaid.length],
    [t("adminInvoices.bgmax.deductions"), summary.deductions.length],
    [t("adminInvoices.bgmax.total"), money(summary.totalOre)],
  ];

  return (
    <section aria-labelledby="bgmax-report" className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h2 id="bgmax-report" className="text-xl font-semibold">
          {t("adminInvoices.bgmax.report")}
        </h2>
        <p className="text-sm text-muted">
          {t("adminInvoices.bgmax.reportLead", { name, count: summary.sections })}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
        {counts.map(([label, value]) => (
          <Card key={label} className="flex flex-col gap-1 p-3">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{value}</dd>
          </Card>
        ))}
      </dl>
      <Part id="bgmax-matched" title={t("adminInvoices.bgmax.matched")} count={summary.matched.length}>
        <DataTable
          caption={t("adminInvoices.bgmax.matchedCaption")}
          columns={matchedColumns}
          rows={withIndex(summary.matched)}
          rowKey={(row) => key(row, row.index)}
          empty={t("adminInvoices.bgmax.noneMatched")}
        />
      </Part>
      {summary.partial.length > 0 && (
        <Part id="bgmax-partial" title={t("adminInvoices.bgmax.partial")} count={summary.partial.length}>
          <DataTable
            caption={t("adminInvoices.bgmax.partialCaption")}
            columns={partialColumns}
            rows={withIndex(summary.partial)}
            rowKey={(row) => key(row, row.index)}
            empty=""
          />
        </Part>
      )}
      <Part id="bgmax-unmatched" title={t("adminInvoices.bgmax.unmatched")} count={summary.unmatched.length}>
        {summary.unmatched.length > 0 && (
          <p className="text-sm text-muted">{t("adminInvoices.bgmax.unmatchedLead")}</p>
        )}
        <DataTable
          caption={t("adminInvoices.bgmax.unmatchedCaption")}
          columns={unmatchedColumns}
          rows={withIndex(summary.unmatched)}
          rowKey={(row) => key(row, row.index)}
          empty={t("adminInvoices.bgmax.noneUnmatched")}
        />
      </Part>
      {summary.overpaid.length > 0 && (
        <Part id="bgmax-overpaid" title={t("adminInvoices.bgmax.overpaid")} count={summary.overpaid.length}>
          <DataTable
            caption={t("adminInvoices.bgmax.overpaidCaption")}
            columns={overpaidColumns}
            rows={withIndex(summary.overpaid)}
            rowKey={(row) => key(row, row.index)}
            empty=""
          />
        </Part>
      )}
      {summary.deductions.length > 0 && (
        <Part
          id="bgmax-deductions"
          title={t("adminInvoices.bgmax.deductions")}
          count={summary.deductions.length}
        >
          <DataTable
            caption={t("adminInvoices.bgmax.deductionsCaption")}
            columns={deductionColumns}
            rows={withIndex(summary.deductions)}
            rowKey={(row) => key(row, row.index)}
            empty=""
          />
        </Part>
      )}
    </section>
  );
}
