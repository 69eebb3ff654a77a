// The sandbox card checkout's stand-in for the bank's confirmation (3-D Secure): the step shown while
// the order waits for it, after paying or after a reload (the card page's loader asks the server).
import { useEffect, useRef } from "react";
import { useTranslation } from "../../lib/i18n";
import { Button } from "../button";

export function BankConfirmation({
  amount,
  busy,
  onAnswer,
}: {
  /** What is being paid, formatted. */
  amount: string;
  busy: boolean;
  /** The customer's answer: confirm (true) or cancel (false). */
  onAnswer: (approve: boolean) => void;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus moves to the step once, when it appears (not again as its buttons get busy).
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby="confirm-step"
      className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-brand/30 bg-brand-soft p-6"
    >
      <h2 id="confirm-step" tabIndex={-1} ref={heading} className="text-xl font-semibold focus:outline-none">
        {t("checkout.confirmStep.heading")}
      </h2>
      <p>{t("checkout.confirmStep.lead", { amount })}</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button busy={busy} onClick={() => onAnswer(true)}>
          {busy ? t("checkout.confirmStep.busy") : t("checkout.confirmStep.approve")}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => onAnswer(false)}>
          {t("checkout.confirmStep.cancel")}
        </Button>
      </div>
    </section>
  );
}
