// The plan a customer picks on a checkout (card or invoice): monthly or yearly at the price list's
// prices, or a prepaid term of ten or twenty-five years paid once at the configured prices (ADR 041);
// each checkout says in its own hints what a choice means for that way of paying, and both say what
// happens when the payments stop: the page rests, nothing is deleted. A page paid for already is
// offered the terms only (a term extends its time).
import { useTranslation } from "../../lib/i18n";
import type { CardPlan } from "../../../contract/checkout";
import { formatMoney } from "../../lib/format";
import { RadioGroup } from "../radio-group";

export function PlanChoice({
  plan,
  onChange,
  error,
  hints,
  prices,
  offered,
}: {
  plan: CardPlan;
  onChange: (plan: CardPlan) => void;
  error?: string;
  hints: Record<CardPlan, string>;
  /** Each plan's price in öre, VAT included (the terms' as configured). */
  prices: Record<CardPlan, number>;
  /** The plans this page may take now. */
  offered: readonly CardPlan[];
}) {
  const { t, i18n } = useTranslation();
  const price = (choice: CardPlan) =>
    formatMoney({ amountOre: prices[choice], currency: "SEK" }, i18n.language);
  const labels: Record<CardPlan, string> = {
    monthly: t("checkout.planMonthly", { price: price("monthly") }),
    yearly: t("checkout.planYearly", { price: price("yearly") }),
    term10: t("checkout.planTerm10", { price: price("term10") }),
    term25: t("checkout.planTerm25", { price: price("term25") }),
  };
  return (
    <div className="flex flex-col gap-3">
      <RadioGroup
        label={t("checkout.planLegend")}
        name="plan"
        value={plan}
        onChange={(value) => onChange(value as CardPlan)}
        error={error}
        options={offered.map((value) => ({ value, label: labels[value], hint: hints[value] }))}
      />
      {/* What a lapse means, said before anyone pays (decisions, "The memorial itself"). */}
      <p data-testid="when-payment-stops" className="text-sm text-muted">
        {t("checkout.whenPaymentStops")}
      </p>
    </div>
  );
}
