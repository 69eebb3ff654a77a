// /gratis-provperiod: the free trial, what it includes and what follows it.
import { useTranslation } from "react-i18next";
import { freeTrialDays, plans } from "../../../contract/pricing";
import { ButtonLink } from "../../components/button";
import { formatMoney } from "../../lib/format";

export default function FreeTrial() {
  const { t, i18n } = useTranslation();
  const values = {
    days: freeTrialDays,
    monthly: formatMoney(plans.monthly.price, i18n.language),
    yearly: formatMoney(plans.yearly.price, i18n.language),
  };
  return (
    <article className="flex flex-col gap-8 pt-6">
      <title>{t("freeTrial.title")}</title>
      <header className="flex flex-col gap-3">
        <p className="font-serif text-xl font-semibold text-brand">{t("brand.name")}</p>
        <h1 className="text-4xl font-semibold">{t("freeTrial.heading", values)}</h1>
        <p className="text-lg text-muted">{t("freeTrial.lead", values)}</p>
      </header>
      <section
        aria-labelledby="included"
        className="rounded-[var(--radius-card)] border border-line bg-raised p-6"
      >
        <h2 id="included" className="text-xl font-semibold">
          {t("freeTrial.includedHeading")}
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5">
          <li>{t("freeTrial.included1")}</li>
          <li>{t("freeTrial.included2")}</li>
          <li>{t("freeTrial.included3")}</li>
        </ul>
      </section>
      <section aria-labelledby="after" className="flex flex-col gap-2">
        <h2 id="after" className="text-xl font-semibold">
          {t("freeTrial.afterHeading")}
        </h2>
        <p>{t("freeTrial.after", values)}</p>
        <p className="text-sm text-muted">{t("freeTrial.onceNote")}</p>
      </section>
      <div>
        <ButtonLink to="/" variant="secondary">
          {t("freeTrial.back")}
        </ButtonLink>
      </div>
    </article>
  );
}
