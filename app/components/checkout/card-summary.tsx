// The card checkout's summary: what is charged today (nothing while a trial comes first: the first
// charge's date and amount then), the VAT in it, and for a prepaid term how far it pays (ADR 041).
import { useTranslation } from "../../lib/i18n";
import { vatSplit } from "../../../contract/orders";
import { vatRatePercent } from "../../../contract/pricing";
import { formatMoney } from "../../lib/format";
import { Card } from "../card";

export function CardSummary({
  priceOre,
  firstChargeDate,
  term,
}: {
  priceOre: number;
  /** The first charge's date, written out, when a trial comes first; null: charged today. */
  firstChargeDate: string | null;
  /** A prepaid term: its years and the date it pays until, written out. */
  term: { years: number; until: string } | null;
}) {
  const { t, i18n } = useTranslation();
  const money = (amountOre: number) => formatMoney({ amountOre, currency: "SEK" }, i18n.language);
  const split = vatSplit({ amountOre: priceOre, currency: "SEK" });
  return (
    <Card as="section" aria-labelledby="summary" className="flex flex-col gap-2 p-5">
      <h2 id="summary" className="text-lg font-semibold">
        {t(firstChargeDate ? "checkout.summaryHeadingTrial" : "checkout.summaryHeading")}
      </h2>
      {/* During a trial the card is only saved: today is nothing, the price is the first charge's. */}
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 tabular-nums">
        {firstChargeDate && (
          <>
            <dt className="font-semibold">{t("checkout.today")}</dt>
            <dd className="text-right font-semibold">{money(0)}</dd>
          </>
        )}
        <dt className={firstChargeDate ? "" : "font-semibold"}>
          {firstChargeDate ? t("checkout.firstChargeRow", { date: firstChargeDate }) : t("checkout.total")}
        </dt>
        <dd className={`text-right ${firstChargeDate ? "" : "font-semibold"}`}>{money(priceOre)}</dd>
        <dt className="text-sm text-muted">{t("checkout.vatIncluded", { rate: vatRatePercent })}</dt>
        <dd className="text-right text-sm text-muted">{money(split.vatOre)}</dd>
        {term && (
          <>
            <dt>{t("checkout.termUntilRow")}</dt>
            <dd className="text-right" data-testid="term-until">
              {term.until}
            </dd>
          </>
        )}
      </dl>
      {firstChargeDate && (
        <p className="text-sm font-medium" data-testid="first-charge">
          {t("checkout.firstChargeOn", { date: firstChargeDate, amount: money(priceOre) })}
        </p>
      )}
      {term && (
        <p className="text-sm font-medium" data-testid="term-once">
          {t("checkout.termOnce", { years: term.years, date: term.until })}
        </p>
      )}
    </Card>
  );
}
