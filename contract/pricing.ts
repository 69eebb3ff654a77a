// Plans and trial lengths (the decisions' defaults). Money is integer öre with its currency.
export type Money = { amountOre: number; currency: "SEK" };

export const plans = {
  monthly: { price: { amountOre: 4_900, currency: "SEK" } satisfies Money, interval: "month" },
  yearly: { price: { amountOre: 49_000, currency: "SEK" } satisfies Money, interval: "year" },
} as const;

export const freeTrialDays = 30;
export const extendedTrialDays = 90;
export const vatRatePercent = 25;
