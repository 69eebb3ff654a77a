// Money and days on the admin's invoice screens, in the page's language and Swedish time.
import { formatDate } from "../../../lib/date-format";
import { formatMoney } from "../../../lib/format";

/** Öre as "1 234,50 kr" / "SEK 1,234.50". */
export function sek(amountOre: number, locale: string): string {
  return formatMoney({ amountOre, currency: "SEK" }, locale);
}

/** An invoice's day (YYYY-MM-DD, a Swedish calendar day) as "20 nov. 2026". */
export function invoiceDay(day: string, locale: string): string {
  // Noon UTC is the same calendar day in Stockholm in every season.
  return formatDate(`${day}T12:00:00Z`, locale);
}

/** Today in Sweden as YYYY-MM-DD: the default day a payment was received. */
export function todayInSweden(now = new Date()): string {
  return new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Stockholm" }).format(now);
}
