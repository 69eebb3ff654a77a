// The extended trial page (/extended-trial), and its read-only preview (/preview/extended-trial) for
// admins and partners: the offer, its conditions and terms, and the way to start it for whoever is
// looking. A visitor signs up or in and comes back; an owner whose e-mail is not verified sends the
// link from here; a verified owner chooses a page, accepts the terms and starts it
// (POST /api/kammare/extended-trial). In the preview the form is shown as a verified owner sees it,
// with an example page, and nothing in it can be used.
import { useState, type FormEvent } from "react";
import { useTranslation } from "../lib/i18n";
import { Link } from "react-router";
import { plans } from "../../contract/pricing";
import type { ProfileStatus, ProfileView } from "../../contract/profiles";
import type { TrialRefusal } from "../../contract/trials";
import { api } from "../lib/api";
import { formatDate } from "../lib/date-format";
import { formatMoney } from "../lib/format";
import { useFormSubmit } from "../lib/use-form-submit";
import { Alert } from "./alert";
import { Button, ButtonLink } from "./button";
import { CheckboxField } from "./checkbox-field";
import { EmailVerification } from "./email-verification";
import { ProfileCodeForm } from "./profile-code-form";
import { RadioGroup } from "./radio-group";

export type ExtendedTrialPage = {
  id: string;
  name: string;
  status: ProfileStatus;
  trialEndsAt: string | null;
  refusal: TrialRefusal | null;
};

export type ExtendedTrialData =
  | { mode: "anonymous"; days: number }
  | {
      mode: "owner" | "preview";
      days: number;
      email: string;
      emailVerified: boolean;
      pages: ExtendedTrialPage[];
    };

const here = "/extended-trial";

export function ExtendedTrialView({ data }: { data: ExtendedTrialData }) {
  const { t, i18n } = useTranslation();
  const values = {
    days: data.days,
    monthly: formatMoney(plans.monthly.price, i18n.language),
    yearly: formatMoney(plans.yearly.price, i18n.language),
  };
  return (
    <article className="flex flex-col gap-8 pt-6">
      <title>{t("extendedTrial.title")}</title>
      {data.mode === "preview" && (
        <p
          role="note"
          className="rounded-[var(--radius-card)] border-2 border-dashed border-accent bg-info-soft px-4 py-3 font-medium"
        >
          {t("extendedTrial.previewBanner")}
        </p>
      )}
      <header className="flex flex-col gap-3">
        <p className="font-serif text-xl font-semibold text-brand">{t("brand.name")}</p>
        <h1 className="text-3xl font-semibold sm:text-4xl">{t("extendedTrial.heading", values)}</h1>
        <p className="text-lg text-muted">{t("extendedTrial.lead", values)}</p>
      </header>
      <section
        aria-labelledby="conditions"
        className="rounded-[var(--radius-card)] border border-line bg-raised p-6"
      >
        <h2 id="conditions" className="text-xl font-semibold">
          {t("extendedTrial.conditionsHeading")}
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5">
          <li>{t("extendedTrial.conditionVerified")}</li>
          <li>{t("extendedTrial.conditionTerms")}</li>
          <li>{t("extendedTrial.conditionOnce")}</li>
          <li>{t("extendedTrial.conditionNotPaid")}</li>
        </ul>
      </section>
      <section
        aria-labelledby="start"
        className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-brand/30 bg-brand-soft p-6"
      >
        <h2 id="start" className="text-xl font-semibold text-brand">
          {t("extendedTrial.startHeading")}
        </h2>
        {data.mode === "anonymous" ? (
          <>
            <p>{t("extendedTrial.startAnonymous")}</p>
            <div className="flex flex-col gap-3 sm:flex-row">
              <ButtonLink to={`/new?redirectTo=${encodeURIComponent(here)}`}>
                {t("extendedTrial.signup")}
              </ButtonLink>
              <ButtonLink to={`/login?redirectTo=${encodeURIComponent(here)}`} variant="secondary">
                {t("extendedTrial.login")}
              </ButtonLink>
            </div>
          </>
        ) : !data.emailVerified && data.mode === "owner" ? (
          <EmailVerification email={data.email} verified={false} headingLevel={3} />
        ) : data.pages.length === 0 ? (
          <>
            <p>{t("extendedTrial.startNoPages")}</p>
            <div className="rounded-[var(--radius-card)] border border-line bg-raised p-5">
              <ProfileCodeForm />
            </div>
          </>
        ) : (
          <StartForm pages={data.pages} preview={data.mode === "preview"} />
        )}
      </section>
      <section aria-labelledby="terms" className="flex flex-col gap-2">
        <h2 id="terms" className="text-xl font-semibold">
          {t("extendedTrial.termsHeading")}
        </h2>
        <ol className="list-decimal space-y-2 pl-5">
          <li>{t("extendedTrial.terms1", values)}</li>
          <li>{t("extendedTrial.terms2", values)}</li>
          <li>{t("extendedTrial.terms3", values)}</li>
        </ol>
      </section>
      <div>
        <ButtonLink to="/" variant="secondary">
          {t("extendedTrial.back")}
        </ButtonLink>
      </div>
    </article>
  );
}

function StartForm({ pages, preview }: { pages: ExtendedTrialPage[]; preview: boolean }) {
  const { t, i18n } = useTranslation();
  const eligible = pages.filter((page) => page.refusal === null);
  const others = pages.filter((page) => page.refusal !== null);
  const [profileId, setProfileId] = useState(eligible.length === 1 ? (eligible[0]?.id ?? "") : "");
  const [accepted, setAccepted] = useState(false);
  const [started, setStarted] = useState<ProfileView>();
  const form = useFormSubmit({ fields: ["profileId", "acceptTerms"], messages: {} });

  const submit = (event: FormEvent) =>
    form.submit(event, {
      check: () => ({
        profileId: profileId ? undefined : "extendedTrial.pageRequired",
        acceptTerms: accepted ? undefined : "extendedTrial.acceptRequired",
      }),
      send: async () => {
        const answer = await api.post("/kammare/extended-trial", {
          body: { profileId, acceptTerms: true },
        });
        setStarted(answer.profile);
      },
      onDone: async () => {
        setProfileId("");
        setAccepted(false);
      },
    });

  const label = (page: ExtendedTrialPage) => `${page.name || t("freeTrial.unnamed")} (${page.id})`;
  return (
    <div className="flex flex-col gap-4">
      <div aria-live="polite">
        {started && (
          <Alert
            tone="success"
            title={t("extendedTrial.started", {
              name: started.content.displayName,
              date: formatDate(started.trialEndsAt ?? "", i18n.language, "long"),
            })}
          >
            <Link to={`/k/${started.id}`} className="font-medium underline">
              {t("extendedTrial.openStarted")}
            </Link>
          </Alert>
        )}
        {form.failure && <Alert tone="error" title={t("trials.failed")} />}
      </div>
      {eligible.length === 0 ? (
        <p>{t("extendedTrial.noEligible")}</p>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <fieldset disabled={preview} className="flex min-w-0 flex-col gap-4">
            <RadioGroup
              label={t("extendedTrial.pageLabel")}
              hint={others.length > 0 ? t("extendedTrial.pageHint") : undefined}
              name="profileId"
              options={eligible.map((page) => ({ value: page.id, label: label(page) }))}
              value={profileId}
              onChange={setProfileId}
              error={form.message("profileId")}
              required
            />
            <CheckboxField
              label={t("extendedTrial.acceptTerms")}
              name="acceptTerms"
              checked={accepted}
              onChange={(event) => setAccepted(event.target.checked)}
              error={form.message("acceptTerms")}
              required
            />
            <div>
              <Button type="submit" busy={form.busy}>
                {form.busy ? t("extendedTrial.starting") : t("extendedTrial.start")}
              </Button>
            </div>
          </fieldset>
        </form>
      )}
      {others.length > 0 && (
        <ul className="flex flex-col gap-2 text-sm" aria-label={t("freeTrial.pagesLabel")}>
          {others.map((page) => (
            <li
              key={page.id}
              className="rounded-[var(--radius-control)] border border-line bg-raised px-4 py-3"
            >
              <span className="font-semibold">{label(page)}</span>
              {": "}
              {page.status === "extended_trial" && page.trialEndsAt
                ? t("extendedTrial.running", { date: formatDate(page.trialEndsAt, i18n.language, "long") })
                : t(`trials.refusals.${page.refusal ?? "not_available"}`)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
