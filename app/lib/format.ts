// Formatting for people, in the page's language.
import type { Money } from "../../contract/pricing";

export function formatMoney(money: Money, locale: string): string {
  const whole = money.amountOre % 100 === 0;
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: money.currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(money.amountOre / 100);
}
