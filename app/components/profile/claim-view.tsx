// An unclaimed page: the way to claim it, through sign-up or sign-in and back here (the notes around
// it are ../claiming-notice.tsx on /new and /login, and ./claimed-notice.tsx after).
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { useNavigate, useSearchParams } from "react-router";
import type { ProfilePageData } from "./page-data";
import { claimedPath, claimProfile, claimReturnPath } from "../../lib/claim";
import { Alert } from "../alert";
import { Button, ButtonLink } from "../button";

export function ClaimView({ data }: { data: ProfilePageData }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [state, setState] = useState<"idle" | "busy" | "failed">("idle");
  const autoClaimed = useRef(false);
  const back = encodeURIComponent(claimReturnPath(data.id));

  async function claim() {
    if (!data.viewer) return;
    setState("busy");
    try {
      await claimProfile(data.viewer.id, data.id);
      // The page loads again as the owner's, saying it is theirs now.
      await navigate(claimedPath(data.id), { replace: true });
    } catch {
      setState("failed");
    }
  }

  // Back with ?claim=1 from sign-up or sign-in that could not claim it at once: the visitor already
  // chose to claim this page.
  const takenBack = data.madeBy?.takenBack ?? false;
  useEffect(() => {
    if (data.viewer && !takenBack && searchParams.get("claim") === "1" && !autoClaimed.current) {
      autoClaimed.current = true;
      void claim();
    }
  });

  return (
    <section aria-labelledby="claim-heading" className="mx-auto flex max-w-xl flex-col gap-5 py-10">
      <title>{t("profile.claim.title")}</title>
      <p className="font-mono text-sm tracking-widest text-muted">{data.id}</p>
      <h1 id="claim-heading" className="text-3xl font-semibold text-brand">
        {takenBack ? t("profile.claim.takenBackHeading") : t("profile.claim.heading")}
      </h1>
      {takenBack && data.madeBy ? (
        <Alert tone="info" title={t("profile.claim.takenBack", { organisation: data.madeBy.organisation })}>
          {t("profile.claim.takenBackLead", { organisation: data.madeBy.organisation })}
        </Alert>
      ) : (
        <p className="text-lg text-muted">
          {data.madeBy
            ? t("profile.claim.leadMadeBy", { id: data.id, organisation: data.madeBy.organisation })
            : t("profile.claim.lead", { id: data.id })}
        </p>
      )}
      {state === "failed" && <Alert tone="error" title={t("profile.claim.failed")} />}
      {takenBack ? null : data.viewer ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-muted">{t("profile.claim.signedInAs", { email: data.viewer.email })}</p>
          <div>
            <Button onClick={() => void claim()} busy={state === "busy"}>
              {state === "busy" ? t("profile.claim.busy") : t("profile.claim.button")}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row">
          <ButtonLink to={`/new?redirectTo=${back}`}>{t("profile.claim.signup")}</ButtonLink>
          <ButtonLink to={`/login?redirectTo=${back}`} variant="secondary">
            {t("profile.claim.login")}
          </ButtonLink>
        </div>
      )}
    </section>
  );
}
