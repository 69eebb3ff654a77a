// The manual invoice's live summary: net and VAT per rate (VAT once per rate, as the invoice prints it),
// the total, the öre rounding and what the customer is asked to pay. Computed with the same functions
// as the server (contract/swedish-numbers.ts), so it is what will be issued.
import { useTranslation } from "../../../lib/i18n";
import { invoiceTotals, roundToKronor } from "../../../../contract/swedish-numbers";
import type { InvoiceLineInput } from "../../../../contract/invoices";
import { sek } from "./invoice-format";
import { isCountable } from "./invoice-draft";
import { CardSection } from "../../card";

export function InvoiceSummary({ lines }: { lines: readonly InvoiceLineInput[] }) {
  const { t, i18n } = useTranslation();
  const money = (ore: number) => sek(ore, i18n.language);
  const countable = lines.filter(isCountable);
  const totals = invoiceTotals(countable);
  const toPay = roundToKronor(totals.totalOre);
  const skipped = lines.length - countable.length;

  return (
    <CardSection id="invoice-summary-heading" title={t("adminInvoices.new.summary")}>
      {countable.length === 0 ? (
        <p className="text-sm text-muted">{t("adminInvoices.new.summaryEmpty")}</p>
      ) : (
        <>
          <table className="w-full text-sm tabular-nums">
            <caption className="sr-only">{t("adminInvoices.new.summaryCaption")}</caption>
            <thead>
              <tr className="border-b border-line text-left text-muted">
                <th scope="col" className="py-2 pr-2 font-medium">
                  {t("adminInvoices.vatRate")}
                </th>
                <th scope="col" className="py-2 pr-2 text-right font-medium">
                  {t("adminInvoices.net")}
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  {t("adminInvoices.vat")}
                </th>
              </tr>
            </thead>
            <tbody>
              {totals.byRate.map((group) => (
                <tr
                  key={group.vatRatePercent}
                  className="border-b border-line"
                  data-testid={`vat-${group.vatRatePercent}`}
                >
                  <th scope="row" className="py-2 pr-2 text-left font-normal">
                    {t("adminInvoices.vatAt", { rate: group.vatRatePercent })}
                  </th>
                  <td className="py-2 pr-2 text-right">{money(group.netOre)}</td>
                  <td className="py-2 text-right">{money(group.vatOre)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm tabular-nums">
            <dt className="text-muted">{t("adminInvoices.netTotal")}</dt>
            <dd className="text-right">{money(totals.netOre)}</dd>
            <dt className="text-muted">{t("adminInvoices.vatTotal")}</dt>
            <dd className="text-right">{money(totals.vatOre)}</dd>
            <dt className="text-muted">{t("adminInvoices.total")}</dt>
            <dd className="text-right">{money(totals.totalOre)}</dd>
            <dt className="text-muted">{t("adminInvoices.rounding")}</dt>
            <dd className="text-right">{money(toPay.roundingOre)}</dd>
            <dt className="mt-2 border-t border-line pt-2 font-semibold">{t("adminInvoices.toPay")}</dt>
            <dd
              className="mt-2 border-t border-line pt-2 text-right text-lg font-semibold"
              data-testid="to-pay"
            >
              {money(toPay.amountOre)}
            </dd>
          </dl>
        </>
      )}
      {skipped > 0 && countable.length > 0 && (
        <p className="text-sm text-muted">{t("adminInvoices.new.summarySkipped", { count: skipped })}</p>
      )}
    </CardSection>
  );
}
