// The prepaid terms' hints on a checkout's plan choice (ADR 041): until when each would pay the page.
import type { TermPlan } from "../../../contract/pricing";

export function termHints(
  t: (key: string, values?: Record<string, unknown>) => string,
  termUntil: Record<TermPlan, string>,
  date: (iso: string) => string,
): Record<TermPlan, string> {
  return {
    term10: t("checkout.planTermHint10", { date: date(termUntil.term10) }),
    term25: t("checkout.planTermHint25", { date: date(termUntil.term25) }),
  };
}
