// The extended trial page (/extended-trial), and its read-only preview (/preview/extended-trial) for
// admins and partners: the offer, its conditions and terms, and the way to start it for whoever is
// looking. A visitor signs up or in and comes back; an owner whose e-mail is not verified sends the
// link from here; a verified owner chooses a page, accepts the terms and starts it
// (POST /api/kammare/extended-trial). In the preview the form is shown as a verified owner sees it,
// with an example page, and nothing in it can be used.
import { useState, type FormEvent } from "react";
import { useTranslation } from "../lib/i18n";
import type { ProfileStatus, ProfileView } from "../../contract/profiles";
import type { TrialRefusal } from "../../contract/trials";
import { api } from "../lib/api";
import { formatDate } from "../lib/date-format";
import { useFormSubmit } from "../lib/use-form-submit";
import { FailureAlert } from "./form-alert";
import { Button } from "./button";
import { CheckboxField } from "./checkbox-field";
import { EmailVerification } from "./email-verification";
import { RadioGroup } from "./radio-group";
import { TrialNoPages, TrialPoints, TrialScreen, TrialStarted, useTrialValues } from "./trial-screen";
import { Section } from "./card";

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
  const { t } = useTranslation();
  const values = useTrialValues(data.days);
  return (
    <TrialScreen
      texts="extendedTrial"
      here={here}
      days={data.days}
      banner={
        data.mode === "preview" && (
          <p
            role="note"
            className="rounded-[var(--radius-card)] border-2 border-dashed border-accent bg-info-soft px-4 py-3 font-medium"
          >
            {t("extendedTrial.previewBanner")}
          </p>
        )
      }
      before={
        <TrialPoints id="conditions" title={t("extendedTrial.conditionsHeading")}>
          <li>{t("extendedTrial.conditionVerified")}</li>
          <li>{t("extendedTrial.conditionTerms")}</li>
          <li>{t("extendedTrial.conditionOnce")}</li>
          <li>{t("extendedTrial.conditionNotPaid")}</li>
        </TrialPoints>
      }
      start={
        data.mode === "anonymous" ? null : !data.emailVerified && data.mode === "owner" ? (
          <EmailVerification email={data.email} verified={false} headingLevel={3} />
        ) : data.pages.length === 0 ? (
          <TrialNoPages texts="extendedTrial" />
        ) : (
          <StartForm pages={data.pages} preview={data.mode === "preview"} />
        )
      }
    >
      <Section id="terms" title={t("extendedTrial.termsHeading")} className="flex flex-col gap-2">
        <ol className="list-decimal space-y-2 pl-5">
          <li>{t("extendedTrial.terms1", values)}</li>
          <li>{t("extendedTrial.terms2", values)}</li>
          <li>{t("extendedTrial.terms3", values)}</li>
        </ol>
      </Section>
    </TrialScreen>
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
        {started && <TrialStarted texts="extendedTrial" started={started} />}
        {form.failure && <FailureAlert failure={form.failure} title={t("trials.failed")} />}
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
