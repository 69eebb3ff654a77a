// /invitation?token=…: the link of an invitation to a page (ADR 029). It names the page and who
// invited, says what accepting means (to help keep the page, or to take it over), and offers what the
// holder can do: accept when signed in with the invited address; create an account (first) or sign in
// and come back here; sign out when signed in as someone else. A link past its date, used or withdrawn
// says so. The inviter is named as they signed it (their address without a name), with their note.
import { useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "../../lib/i18n";
import { api } from "../../lib/api";
import { logout } from "../../lib/auth";
import { formatDate } from "../../lib/date-format";
import type { RefusalCode } from "../../../contract/refusals";
import { failureOf } from "../../lib/failure";
import { Alert } from "../../components/alert";
import { Button, ButtonLink } from "../../components/button";
import { DomainError, readInvitation, servicesContext, viewerContext } from "../../lib/services.server";
import type { Route } from "./+types/invitation";
import { cardClass } from "../../components/card";

export async function loader({ context, request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token")?.trim() ?? "";
  const viewer = context.get(viewerContext);
  const signedInAs = viewer ? viewer.email : null;
  if (!token || token.length > 200) return { found: false as const, signedInAs };
  try {
    const { forEmail, ...invitation } = await readInvitation(context.get(servicesContext).db, token);
    return {
      found: true as const,
      token,
      invitation,
      signedInAs,
      matches: !!viewer && viewer.email.toLowerCase() === forEmail.toLowerCase(),
      // The sign-up and sign-in forms start with the invited address (the link was sent to it).
      prefill: viewer ? "" : forEmail,
    };
  } catch (error) {
    if (error instanceof DomainError && error.code === "not_found")
      return { found: false as const, signedInAs };
    throw error;
  }
}

const box = "mx-auto flex w-full max-w-xl flex-col gap-5 py-6 sm:py-12";
const card = `flex flex-col gap-4 ${cardClass} p-5 sm:p-8`;

export default function Invitation({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (!loaderData.found) {
    return (
      <section aria-labelledby="invitation-heading" className={box}>
        <title>{t("family.invitation.title")}</title>
        <div className={card}>
          <h1 id="invitation-heading" className="text-2xl font-semibold text-brand sm:text-3xl">
            {t("family.invitation.invalidHeading")}
          </h1>
          <p className="text-muted">{t("family.invitation.invalidLead")}</p>
        </div>
      </section>
    );
  }
  return <InvitationCard data={loaderData} />;
}

type Found = Extract<Route.ComponentProps["loaderData"], { found: true }>;

function InvitationCard({ data }: { data: Found }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { invitation, token } = data;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const here = `/invitation?token=${encodeURIComponent(token)}`;
  const back = encodeURIComponent(here);
  const kind = invitation.kind;
  // The inviter as they signed the invitation; their address only when they gave no name.
  const inviter = invitation.inviterName ?? invitation.invitedBy;

  async function accept() {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await api.post("/kammare/invitations/accept", { body: { token }, refresh: false });
      await navigate(`/k/${answer.profileId}`);
    } catch (error) {
      // The page's own words for the refusals of an invitation, by their codes (ADR 032).
      const refusal = failureOf(error).refusal as RefusalCode | undefined;
      setFailure(
        refusal === "family.wrong-account"
          ? t("family.invitation.wrongAccount", { you: data.signedInAs ?? "" })
          : refusal === "family.invitation-expired"
            ? t("family.invitation.expiredNobody")
            : refusal === "family.invitation-used"
              ? t("family.invitation.used")
              : refusal === "family.invitation-revoked"
                ? t("family.invitation.revoked")
                : t("family.errors.generic"),
      );
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="invitation-heading" className={box}>
      <title>{t("family.invitation.title")}</title>
      <div className={card}>
        <p className="text-sm font-semibold uppercase tracking-wide text-muted">
          {t("family.invitation.title")}
        </p>
        <h1 id="invitation-heading" className="text-2xl font-semibold text-brand sm:text-3xl">
          {t(`family.invitation.heading.${kind}`, { name: invitation.pageName })}
        </h1>
        <p>
          {inviter
            ? t("family.invitation.from", { inviter, email: invitation.emailMasked })
            : t("family.invitation.fromNobody", { email: invitation.emailMasked })}
        </p>
        {inviter && invitation.note && (
          <figure data-testid="invitation-note" className="flex flex-col gap-1 border-l-2 border-brand pl-4">
            <figcaption className="text-sm font-semibold text-muted">
              {t("family.invitation.note", { inviter })}
            </figcaption>
            <blockquote className="whitespace-pre-line font-serif text-lg leading-relaxed text-ink [overflow-wrap:anywhere]">
              {invitation.note}
            </blockquote>
          </figure>
        )}
        <p className="text-muted">{t(`family.invitation.what.${kind}`)}</p>

        {invitation.state === "expired" && (
          <Alert tone="error">
            {inviter ? t("family.invitation.expired", { inviter }) : t("family.invitation.expiredNobody")}
          </Alert>
        )}
        {invitation.state === "revoked" && <Alert tone="error">{t("family.invitation.revoked")}</Alert>}
        {invitation.state === "used" && (
          <>
            <Alert tone="info">{t("family.invitation.used")}</Alert>
            {data.signedInAs && (
              <ButtonLink to={`/k/${invitation.profileId}`} variant="secondary" className="self-start">
                {t("family.invitation.openPage")}
              </ButtonLink>
            )}
          </>
        )}

        {invitation.state === "open" && (
          <>
            <p className="text-sm text-muted">
              {t("family.invitation.validUntil", {
                date: formatDate(invitation.expiresAt, i18n.language, "long"),
              })}
            </p>
            {failure && <Alert tone="error">{failure}</Alert>}
            {!data.signedInAs ? (
              <div className="flex flex-col gap-3">
                <p>{t("family.invitation.needAccount")}</p>
                <div className="flex flex-col gap-2 sm:flex-row">
                  {/* The address goes in the navigation's state, never in the address bar. */}
                  <ButtonLink to={`/new?redirectTo=${back}`} state={{ email: data.prefill }}>
                    {t("family.invitation.signup")}
                  </ButtonLink>
                  <ButtonLink
                    to={`/login?redirectTo=${back}`}
                    state={{ email: data.prefill }}
                    variant="secondary"
                  >
                    {t("family.invitation.login")}
                  </ButtonLink>
                </div>
              </div>
            ) : data.matches ? (
              <Button busy={busy} onClick={() => void accept()} className="self-start">
                {busy ? t("family.invitation.accepting") : t(`family.invitation.accept.${kind}`)}
              </Button>
            ) : (
              <div className="flex flex-col gap-3">
                <Alert tone="error">{t("family.invitation.wrongAccount", { you: data.signedInAs })}</Alert>
                <Button
                  variant="secondary"
                  className="self-start"
                  onClick={() => void logout(`/login?redirectTo=${back}`)}
                >
                  {t("family.invitation.signOut")}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
