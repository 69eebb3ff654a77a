// Right after publishing: the page is live. The link to copy and share, the QR code, and what the
// free trial means, before the owner goes on to their page.
import { useEffect, useRef } from "react";
import { useTranslation } from "../../lib/i18n";
import { freeTrialDays, plans } from "../../../contract/pricing";
import { formatDate } from "../../lib/date-format";
import { formatMoney } from "../../lib/format";
import { Button } from "../button";
import { SharePanel } from "./share-panel";
import { Card } from "../card";

type Props = {
  id: string;
  name: string;
  pageUrl: string;
  trialEndsAt: string | null;
  onDone: () => void;
};

export function PublishedMoment({ id, name, pageUrl, trialEndsAt, onDone }: Props) {
  const { t, i18n } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // The moment takes the focus, so a screen reader announces it.
  useEffect(() => heading.current?.focus(), []);
  const prices = {
    monthly: formatMoney(plans.monthly.price, i18n.language),
    yearly: formatMoney(plans.yearly.price, i18n.language),
  };
  return (
    <section
      aria-labelledby="published-heading"
      className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-10 sm:py-16"
    >
      <title>{t("publish.title")}</title>
      <div className="flex flex-col items-center gap-3 text-center">
        <span
          aria-hidden="true"
          className="flex size-14 items-center justify-center rounded-full bg-success-soft text-2xl text-success"
        >
          ✓
        </span>
        <h1
          id="published-heading"
          ref={heading}
          tabIndex={-1}
          className="text-balance text-3xl font-semibold text-brand focus:outline-none sm:text-4xl"
        >
          {t("publish.heading", { name })}
        </h1>
        <p className="max-w-prose text-balance text-lg text-muted">{t("publish.lead")}</p>
      </div>
      <Card className="p-5 shadow-sm sm:p-6">
        <h2 className="mb-4 text-lg font-semibold">{t("share.title")}</h2>
        <SharePanel id={id} pageUrl={pageUrl} title={name} />
      </Card>
      <div className="flex flex-col gap-2 rounded-[var(--radius-card)] border border-line bg-brand-soft/60 p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-brand">{t("publish.trialHeading")}</h2>
        <p>
          {trialEndsAt
            ? t("publish.trialUntil", {
                days: freeTrialDays,
                date: formatDate(trialEndsAt, i18n.language, "long"),
              })
            : t("publish.trialDays", { days: freeTrialDays })}
        </p>
        <p className="text-muted">{t("publish.trialAfter", prices)}</p>
      </div>
      <div className="flex justify-center">
        <Button onClick={onDone}>{t("publish.seePage")}</Button>
      </div>
    </section>
  );
}
