// What a visitor is offered before any account (decisions "Pages a family can start, and funeral homes
// that hand them out"): what a page is and what it costs, in two sentences, with "Start a page" (sign
// up, and the page is made at once) beside "I have a code" (the code printed on a plaque, a card or a
// funeral home's letter). The prices are the plans' own (contract/pricing.ts), said as money.
import { useTranslation } from "../../lib/i18n";
import { freeTrialDays, plans } from "../../../contract/pricing";
import { formatMoney } from "../../lib/format";
import { startPagePath } from "../../lib/start-page";
import { ButtonLink } from "../button";

/** The two sentences: what a page is, and what it costs. */
export function PagePitch() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      <p className="text-lg leading-relaxed">{t("auth.start.pitch")}</p>
      <PriceLine className="leading-relaxed text-muted" />
    </div>
  );
}

/** What a page costs: the free trial, then the plans' prices. */
export function PriceLine({ className }: { className: string }) {
  const { t, i18n } = useTranslation();
  return (
    <p className={className} data-testid="page-price">
      {t("auth.start.price", {
        days: freeTrialDays,
        monthly: formatMoney(plans.monthly.price, i18n.language),
        yearly: formatMoney(plans.yearly.price, i18n.language),
      })}
    </p>
  );
}

/** "Start a page" (keeping the partner's `ref`) beside "I have a code". */
export function StartOrCode({ referral }: { referral?: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <ButtonLink to={startPagePath(referral)} data-testid="landing-start" className="sm:min-w-40">
        {t("auth.start.startPage")}
      </ButtonLink>
      <ButtonLink to="/k" variant="secondary" data-testid="landing-code" className="sm:min-w-40">
        {t("auth.start.haveCode")}
      </ButtonLink>
    </div>
  );
}
