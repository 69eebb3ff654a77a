// /gratis-provperiod: the free trial, what it gives and what follows it, and the way to start it for
// whoever is looking: a visitor signs up or in and comes back here; a signed-in user without a page
// enters the code from their plaque or card; an owner starts it on one of their pages here
// (POST /api/kammare/free-trial), which puts the page live as publishing it would. Each page says
// whether it can have the trial, and why not (server/domain/profiles/trials.ts decides, for the API too).
import { useState } from "react";
import { useTranslation } from "../../lib/i18n";
import type { ProfileView } from "../../../contract/profiles";
import { Alert } from "../../components/alert";
import { Button, ButtonLink } from "../../components/button";
import { Card, Section } from "../../components/card";
import {
  TrialNoPages,
  TrialPoints,
  TrialScreen,
  TrialStarted,
  useTrialValues,
} from "../../components/trial-screen";
import { api } from "../../lib/api";
import { formatDate } from "../../lib/date-format";
import { servicesContext, trialChoices, viewerContext } from "../../lib/services.server";
import type { Route } from "./+types/free-trial";

const here = "/gratis-provperiod";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext);
  const days = config.FREE_TRIAL_DAYS;
  const viewer = context.get(viewerContext);
  if (!viewer) return { signedIn: false, days, pages: [] };
  const { pages } = await trialChoices(db, viewer, "free");
  return { signedIn: true, days, pages };
}

type TrialChoice = Route.ComponentProps["loaderData"]["pages"][number];

export default function FreeTrial({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [busyId, setBusyId] = useState<string>();
  const [started, setStarted] = useState<ProfileView>();
  const [failed, setFailed] = useState(false);
  const values = useTrialValues(loaderData.days);

  async function start(id: string) {
    setBusyId(id);
    setFailed(false);
    setStarted(undefined);
    try {
      const answer = await api.post("/kammare/free-trial", {
        body: { profileId: id },
      });
      setStarted(answer.profile);
    } catch {
      setFailed(true);
    } finally {
      setBusyId(undefined);
    }
  }

  return (
    <TrialScreen
      texts="freeTrial"
      here={here}
      days={loaderData.days}
      start={
        !loaderData.signedIn ? null : loaderData.pages.length === 0 ? (
          <TrialNoPages texts="freeTrial" />
        ) : (
          <>
            <p>{t("freeTrial.startChoose")}</p>
            <div aria-live="polite" className="flex flex-col gap-3">
              {started && <TrialStarted texts="freeTrial" started={started} />}
              {failed && <Alert tone="error" title={t("trials.failed")} />}
            </div>
            <ul className="flex flex-col gap-3" aria-label={t("freeTrial.pagesLabel")}>
              {loaderData.pages.map((page) => (
                <Card
                  as="li"
                  key={page.id}
                  className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="flex flex-col gap-1" id={`trial-page-${page.id}`}>
                    <p className="font-semibold">{page.name || t("freeTrial.unnamed")}</p>
                    <p className="text-sm text-muted">
                      <span className="font-mono tracking-widest">{page.id}</span>
                      {" · "}
                      <PageState page={page} />
                    </p>
                  </div>
                  {page.refusal === null ? (
                    <Button
                      busy={busyId === page.id}
                      disabled={busyId !== undefined}
                      aria-describedby={`trial-page-${page.id}`}
                      onClick={() => void start(page.id)}
                    >
                      {busyId === page.id ? t("freeTrial.starting") : t("freeTrial.start")}
                    </Button>
                  ) : (
                    <ButtonLink
                      to={`/k/${page.id}`}
                      variant="secondary"
                      aria-describedby={`trial-page-${page.id}`}
                    >
                      {t("freeTrial.open")}
                    </ButtonLink>
                  )}
                </Card>
              ))}
            </ul>
          </>
        )
      }
    >
      <TrialPoints id="included" title={t("freeTrial.includedHeading")}>
        <li>{t("freeTrial.includedLive", values)}</li>
        <li>{t("freeTrial.included1")}</li>
        <li>{t("freeTrial.included2")}</li>
        <li>{t("freeTrial.included3")}</li>
        <li>{t("freeTrial.includedNoPayment")}</li>
      </TrialPoints>
      <Section id="after" title={t("freeTrial.afterHeading")} className="flex flex-col gap-2">
        <p>{t("freeTrial.after", values)}</p>
        <p data-testid="when-payment-stops">{t("freeTrial.whenPaymentStops")}</p>
        <p className="text-sm text-muted">{t("freeTrial.onceNote")}</p>
      </Section>
    </TrialScreen>
  );
}

/** Where a page stands with the free trial, in words. */
function PageState({ page }: { page: TrialChoice }) {
  const { t, i18n } = useTranslation();
  if (page.refusal === null) return t("freeTrial.stateReady");
  if ((page.status === "trial" || page.status === "extended_trial") && page.trialEndsAt) {
    return t("freeTrial.stateRunning", { date: formatDate(page.trialEndsAt, i18n.language, "long") });
  }
  switch (page.refusal) {
    case "paid":
      return t("freeTrial.statePaid");
    case "trial_used":
      return t("freeTrial.stateUsed");
    case "unnamed":
      return t("freeTrial.stateUnnamed");
    case "suspended":
      return t("freeTrial.stateSuspended");
    case "not_available":
      return t("freeTrial.stateNotAvailable");
    default:
      return t(`trials.refusals.${page.refusal}`);
  }
}
