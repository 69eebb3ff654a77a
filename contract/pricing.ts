// Plans and trial lengths (the decisions' defaults). Money is integer öre with its currency.
export type Money = { amountOre: number; currency: "SEK" };

export const plans = {
  monthly: { price: { amountOre: 4_900, currency: "SEK" } satisfies Money, interval: "month" },
  yearly: { price: { amountOre: 49_000, currency: "SEK" } satisfies Money, interval: "year" },
} as const;

/**
 * Prepaid terms (decisions "A page that lasts as long as the grave", ADR 041): years of the page paid
 * once, by card or invoice; nothing renews. The prices here are the defaults of TERM_10_PRICE_ORE and
 * TERM_25_PRICE_ORE (server/config.ts); what a checkout charges is the configured price.
 */
export const termPlans = ["term10", "term25"] as const;
export type TermPlan = (typeof termPlans)[number];
export const termYears: Record<TermPlan, number> = { term10: 10, term25: 25 };
/** A term's price in öre, VAT included, as configured. */
export type TermPrices = Record<TermPlan, number>;
export const defaultTermPrices: TermPrices = { term10: 390_000, term25: 790_000 };

export function isTermPlan(plan: string | null | undefined): plan is TermPlan {
  return plan === "term10" || plan === "term25";
}

/** The end of a term that starts at `from`: that many years on, to the day. */
export function termEnd(from: Date, plan: TermPlan): Date {
  const until = new Date(from);
  until.setUTCFullYear(until.getUTCFullYear() + termYears[plan]);
  return until;
}

/** What a plan a customer picks costs, VAT included: the price list's, or the term's as configured. */
export function planPriceOre(plan: keyof typeof plans | TermPlan, termPrices: TermPrices): number {
  return isTermPlan(plan) ? termPrices[plan] : plans[plan].price.amountOre;
}

export const freeTrialDays = 30;
export const extendedTrialDays = 90;
export const vatRatePercent = 25;
