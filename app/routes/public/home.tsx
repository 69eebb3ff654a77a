// The home page: what Kammare is and how it works.
import { useTranslation } from "react-i18next";
import { freeTrialDays, plans } from "../../../contract/pricing";
import { ButtonLink } from "../../components/button";
import { formatMoney } from "../../lib/format";

export default function Home() {
  const { t, i18n } = useTranslation();
  const prices = {
    days: freeTrialDays,
    monthly: formatMoney(plans.monthly.price, i18n.language),
    yearly: formatMoney(plans.yearly.price, i18n.language),
  };
  const steps = [
    { title: t("home.step1Title"), text: t("home.step1Text") },
    { title: t("home.step2Title"), text: t("home.step2Text") },
    { title: t("home.step3Title"), text: t("home.step3Text", prices) },
  ];
  return (
    <article className="flex flex-col gap-10">
      <title>{t("home.title")}</title>
      <header className="flex max-w-3xl flex-col gap-4">
        <h1 className="text-4xl font-semibold text-brand sm:text-5xl">{t("home.heading")}</h1>
        <p className="text-lg text-muted">{t("home.lead")}</p>
        <div>
          <ButtonLink to="/gratis-provperiod">{t("home.cta")}</ButtonLink>
        </div>
      </header>
      <section aria-labelledby="how" className="flex flex-col gap-4">
        <h2 id="how" className="text-2xl font-semibold">
          {t("home.howHeading")}
        </h2>
        <ol className="grid gap-4 sm:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-[var(--radius-card)] border border-line bg-raised p-5">
              <p className="text-sm font-semibold text-accent">{index + 1}</p>
              <h3 className="mt-1 text-lg font-semibold">{step.title}</h3>
              <p className="mt-2 text-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}
