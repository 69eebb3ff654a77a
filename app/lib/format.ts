// Formatting for people, in the page's language.
import type { Money } from "../../contract/pricing";

// Building an Intl formatter costs far more than using one, so each kind is made once.
const formatters = new Map<string, Intl.NumberFormat>();

/** A quantity as the reader's language writes it: "2 000" in Swedish, "2,000" in English. */
export function formatNumber(value: number, locale: string): string {
  const key = `${locale}|number`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale);
    formatters.set(key, formatter);
  }
  return formatter.format(value);
}

export function formatMoney(money: Money, locale: string): string {
  const whole = money.amountOre % 100 === 0;
  const key = `${locale}|${money.currency}|${whole}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: "currency",
      currency: money.currency,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(money.amountOre / 100);
}
