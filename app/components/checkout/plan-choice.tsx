// The plan a customer picks on a checkout (card or invoice): monthly or yearly at the price list's
// prices; each checkout says in its own hints what a period means for that way of paying.
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
        { value: "yearly", label: t("checkout.planYearly", { price: price("yearly") }), hint: hints.yearly },
      ]}
    />
  );
}
