// The plan a customer picks on a checkout (card or invoice): monthly or yearly at the price list's
// prices; each checkout says in its own hints what a period means for that way of paying, and both say
// what happens when the payments stop: the page rests, nothing is deleted.
import { useTranslation } from "../../lib/i18n";
import type { CardPlan } from "../../../contract/checkout";
import { plans } from "../../../contract/pricing";
import { formatMoney } from "../../lib/format";
import { RadioGroup } from "../radio-group";

export function PlanChoice({
  plan,
  onChange,
  error,
  hints,
}: {
  plan: CardPlan;
  onChange: (plan: CardPlan) => void;
  error?: string;
  hints: Record<CardPlan, string>;
}) {
  const { t, i18n } = useTranslation();
  const price = (choice: CardPlan) =>
    formatMoney({ amountOre: plans[choice].price.amountOre, currency: "SEK" }, i18n.language);
  return (
    <div className="flex flex-col gap-3">
      <RadioGroup
        label={t("checkout.planLegend")}
        name="plan"
        value={plan}
        onChange={(value) => onChange(value as CardPlan)}
        error={error}
        options={[
          {
            value: "monthly",
            label: t("checkout.planMonthly", { price: price("monthly") }),
            hint: hints.monthly,
          },
          {
            value: "yearly",
            label: t("checkout.planYearly", { price: price("yearly") }),
            hint: hints.yearly,
          },
        ]}
      />
      {/* What a lapse means, said before anyone pays (decisions, "The memorial itself"). */}
      <p data-testid="when-payment-stops" className="text-sm text-muted">
        {t("checkout.whenPaymentStops")}
      </p>
    </div>
  );
}
