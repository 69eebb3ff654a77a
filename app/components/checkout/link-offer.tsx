// A checkout link's offer on the card checkout: its price per period and how many periods, a free
// trial first, or a prepaid term at the link's price, paid once (ADR 041).
import { useTranslation } from "../../lib/i18n";
import type { TermPlan } from "../../../contract/pricing";
import { formatMoney } from "../../lib/format";
import { Card } from "../card";

export function LinkOffer({
  link,
  trialDays,
}: {
  link: {
    priceOre: number;
    interval: "month" | "year";
    iterations: number;
    trialFirst: boolean;
    term: TermPlan | null;
  };
  trialDays: number;
}) {
  const { t, i18n } = useTranslation();
  const money = (amountOre: number) => formatMoney({ amountOre, currency: "SEK" }, i18n.language);
  return (
    <Card as="section" aria-labelledby="offer" className="flex flex-col gap-1 p-5">
      <h2 id="offer" className="text-lg font-semibold">
        {t("checkout.offerHeading")}
      </h2>
      {link.term ? (
        <p className="font-semibold tabular-nums">
          {t(link.term === "term10" ? "checkout.planTerm10" : "checkout.planTerm25", {
            price: money(link.priceOre),
          })}
        </p>
      ) : (
        <>
          <p className="font-semibold tabular-nums">
            {t("checkout.offerPrice", {
              price: money(link.priceOre),
              interval: t(`checkout.interval.${link.interval}`),
            })}
          </p>
          <p className="text-sm text-muted">
            {link.iterations > 0
              ? t("checkout.offerPeriods", { count: link.iterations })
              : t("checkout.offerUntilCancelled")}
          </p>
        </>
      )}
      {link.trialFirst && !link.term && (
        <p className="text-sm">{t("checkout.offerTrial", { days: trialDays })}</p>
      )}
    </Card>
  );
}
