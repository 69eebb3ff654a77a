// The frame both trial screens share (the free trial at /gratis-provperiod, the extended trial at
// /extended-trial and its preview): the heading and lead, the way to start (a visitor signs up or in
// and comes back; a user with no page enters the code from their plaque or card; anyone else chooses
// on the screen's own terms), a started trial's notice, and the way back. Each screen keeps its own
// texts under its own key (`freeTrial.*`, `extendedTrial.*`), so the two may say different things.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { plans } from "../../contract/pricing";
import type { ProfileView } from "../../contract/profiles";
import { formatDate } from "../lib/date-format";
import { formatMoney } from "../lib/format";
import { useTranslation } from "../lib/i18n";
import { Alert } from "./alert";
import { ButtonLink } from "./button";
import { Card, cardClass, Section } from "./card";
import { ProfileCodeForm } from "./profile-code-form";

type Texts = "freeTrial" | "extendedTrial";

/** The figures the trial texts name: the trial's length and the plans' prices after it. */
export function useTrialValues(days: number) {
  const { i18n } = useTranslation();
  return {
    days,
    monthly: formatMoney(plans.monthly.price, i18n.language),
    yearly: formatMoney(plans.yearly.price, i18n.language),
  };
}

export function TrialScreen({
  texts,
  here,
  days,
  banner,
  before,
  start,
  children,
}: {
  texts: Texts;
  /** Where sign-up and sign-in come back to. */
  here: string;
  days: number;
  /** Above the heading (the preview's note). */
  banner?: ReactNode;
  /** Between the lead and the way to start. */
  before?: ReactNode;
  /** The way to start for a signed-in user; null for a visitor, who is asked to sign up or in. */
  start: ReactNode | null;
  /** Below the way to start. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const values = useTrialValues(days);
  return (
    <article className="flex flex-col gap-8 pt-6">
      <title>{t(`${texts}.title`)}</title>
      {banner}
      <header className="flex flex-col gap-3">
        <p className="font-serif text-xl font-semibold text-brand">{t("brand.name")}</p>
        <h1 className="text-3xl font-semibold sm:text-4xl">{t(`${texts}.heading`, values)}</h1>
        <p className="text-lg text-muted">{t(`${texts}.lead`, values)}</p>
      </header>
      {before}
      <section
        aria-labelledby="start"
        className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-brand/30 bg-brand-soft p-6"
      >
        <h2 id="start" className="text-xl font-semibold text-brand">
          {t(`${texts}.startHeading`)}
        </h2>
        {start ?? (
          <>
            <p>{t(`${texts}.startAnonymous`)}</p>
            <div className="flex flex-col gap-3 sm:flex-row">
              <ButtonLink to={`/new?redirectTo=${encodeURIComponent(here)}`}>
                {t(`${texts}.signup`)}
              </ButtonLink>
              <ButtonLink to={`/login?redirectTo=${encodeURIComponent(here)}`} variant="secondary">
                {t(`${texts}.login`)}
              </ButtonLink>
            </div>
          </>
        )}
      </section>
      {children}
      <div>
        <ButtonLink to="/" variant="secondary">
          {t(`${texts}.back`)}
        </ButtonLink>
      </div>
    </article>
  );
}

/** A signed-in user without a page: the trial starts on a page, so first the page's code. */
export function TrialNoPages({ texts }: { texts: Texts }) {
  const { t } = useTranslation();
  return (
    <>
      <p>{t(`${texts}.startNoPages`)}</p>
      <Card className="p-5">
        <ProfileCodeForm />
      </Card>
    </>
  );
}

/** What the trial gives or asks, as a card of points. */
export function TrialPoints({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Section id={id} title={title} className={`${cardClass} p-6`}>
      <ul className="mt-3 list-disc space-y-2 pl-5">{children}</ul>
    </Section>
  );
}

/** The trial has started on a page: until when, and the way to it. */
export function TrialStarted({ texts, started }: { texts: Texts; started: ProfileView }) {
  const { t, i18n } = useTranslation();
  return (
    <Alert
      tone="success"
      title={t(`${texts}.started`, {
        name: started.content.displayName,
        date: formatDate(started.trialEndsAt ?? "", i18n.language, "long"),
      })}
    >
      <Link to={`/k/${started.id}`} className="font-medium underline">
        {t(`${texts}.openStarted`)}
      </Link>
    </Alert>
  );
}
