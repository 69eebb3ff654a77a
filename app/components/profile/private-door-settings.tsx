// The family's side of a private page's door (ADR 043), in the editor under "Private": the visitor
// password (set or changed, said as set or not, never shown back), whether the door shows the
// portrait, and the invitations by e-mail (sent, listed, revoked). Each is its own call, saved at
// once; the editor's save bar keeps the visibility itself. No nested form (the editor is one): the
// fields answer Enter themselves.
import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { useTranslation } from "../../lib/i18n";
import { api } from "../../lib/api";
import { failureOf } from "../../lib/failure";
import { refusalText } from "../../lib/refusal";
import { emailProblem } from "../../lib/validate";
import { formatDate } from "../../lib/date-format";
import type { PrivatePageSettings } from "../../../contract/private-pages";
import { visitorAccessDays, visitorPasswordMinLength } from "../../../contract/private-page-values";
import { Alert } from "../alert";
import { Button } from "../button";
import { TextField } from "../text-field";
import { LoadingRegion, Skeleton } from "../skeleton";
import { useToast } from "../toast";

type Loaded = { state: "loading" | "failed" } | { state: "loaded"; settings: PrivatePageSettings };

/** Enter in a field does this part's action, not the editor's save. */
const onEnter = (action: () => void) => (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key === "Enter") {
    event.preventDefault();
    action();
  }
};

export function PrivateDoorSettings({ profileId, saved }: { profileId: string; saved: boolean }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    api.get("/kammare/private-page", { query: { profileId } }).then(
      (settings) => current && setLoaded({ state: "loaded", settings }),
      () => current && setLoaded({ state: "failed" }),
    );
    return () => {
      current = false;
    };
  }, [profileId, attempt]);

  return (
    <div
      data-testid="private-door-settings"
      aria-live="polite"
      className="flex flex-col gap-5 rounded-[var(--radius-control)] border border-line p-4"
    >
      <p className="text-sm text-muted">
        {t(saved ? "privatePage.settings.lead" : "privatePage.settings.leadUnsaved", {
          days: visitorAccessDays,
        })}
      </p>
      {loaded.state === "loading" && (
        <LoadingRegion loading label={t("privatePage.settings.loading")}>
          <Skeleton className="h-11 w-full" />
          <Skeleton className="mt-2 h-11 w-full" />
        </LoadingRegion>
      )}
      {loaded.state === "failed" && (
        <Alert tone="error" title={t("privatePage.settings.failed")}>
          <Button
            variant="secondary"
            className="mt-2"
            onClick={() => {
              setLoaded({ state: "loading" });
              setAttempt((n) => n + 1);
            }}
          >
            {t("privatePage.settings.retry")}
          </Button>
        </Alert>
      )}
      {loaded.state === "loaded" && (
        <>
          <PasswordPart
            profileId={profileId}
            settings={loaded.settings}
            onSaved={(settings) => setLoaded({ state: "loaded", settings })}
          />
          <PortraitPart
            profileId={profileId}
            settings={loaded.settings}
            onSaved={(settings) => setLoaded({ state: "loaded", settings })}
          />
          <InvitationsPart
            profileId={profileId}
            settings={loaded.settings}
            onSaved={(settings) => setLoaded({ state: "loaded", settings })}
          />
        </>
      )}
    </div>
  );
}

type PartProps = {
  profileId: string;
  settings: PrivatePageSettings;
  onSaved: (settings: PrivatePageSettings) => void;
};

function PasswordPart({ profileId, settings, onSaved }: PartProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function save() {
    if (busy) return;
    if (password.length < visitorPasswordMinLength) {
      setError(t("privatePage.settings.passwordShort", { min: visitorPasswordMinLength }));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      onSaved(await api.put("/kammare/private-page", { body: { profileId, password } }));
      setPassword("");
      toast.show({
        title: t(
          settings.passwordSet
            ? "privatePage.settings.passwordChanged"
            : "privatePage.settings.passwordSaved",
        ),
      });
    } catch (caught) {
      setError(refusalText(t, failureOf(caught)) ?? t("privatePage.settings.saveFailed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <p data-testid="door-password-state" className="text-sm font-medium text-ink">
        {settings.passwordSet && settings.passwordChangedAt
          ? t("privatePage.settings.passwordIsSet", {
              date: formatDate(settings.passwordChangedAt, i18n.language),
            })
          : t("privatePage.settings.passwordNotSet")}
      </p>
      <TextField
        label={t(settings.passwordSet ? "privatePage.settings.newPassword" : "privatePage.settings.password")}
        hint={t("privatePage.settings.passwordHint", { min: visitorPasswordMinLength })}
        name="door-password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        onKeyDown={onEnter(() => void save())}
        error={error}
      />
      <div>
        <Button variant="secondary" busy={busy} onClick={() => void save()}>
          {t(
            settings.passwordSet ? "privatePage.settings.changePassword" : "privatePage.settings.setPassword",
          )}
        </Button>
      </div>
    </div>
  );
}

function PortraitPart({ profileId, settings, onSaved }: PartProps) {
  const { t } = useTranslation();
  const id = useId();
  // Shown at once; put back if the call fails.
  const [checked, setChecked] = useState(settings.showPortrait);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function toggle(showPortrait: boolean) {
    setChecked(showPortrait);
    setBusy(true);
    setFailed(false);
    try {
      onSaved(await api.put("/kammare/private-page", { body: { profileId, showPortrait } }));
    } catch {
      setChecked(!showPortrait);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="flex min-h-11 items-center gap-3">
        <input
          id={id}
          type="checkbox"
          name="door-portrait"
          checked={checked}
          aria-busy={busy || undefined}
          onChange={(event) => void toggle(event.target.checked)}
          className="size-5 accent-brand"
        />
        {t("privatePage.settings.showPortrait")}
      </label>
      {failed && (
        <p role="alert" className="text-sm font-medium text-danger">
          {t("privatePage.settings.saveFailed")}
        </p>
      )}
    </div>
  );
}

function InvitationsPart({ profileId, settings, onSaved }: PartProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const headingId = useId();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [revoking, setRevoking] = useState<string | null>(null);
  const [revokeFailed, setRevokeFailed] = useState(false);

  async function invite() {
    if (busy) return;
    const problem = emailProblem(email);
    if (problem) {
      setError(t(problem));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const sent = email.trim();
      onSaved(await api.post("/kammare/private-page/invitations", { body: { profileId, email: sent } }));
      setEmail("");
      toast.show({ title: t("privatePage.settings.invited", { email: sent }) });
    } catch (caught) {
      setError(refusalText(t, failureOf(caught)) ?? t("privatePage.settings.saveFailed"));
    } finally {
      setBusy(false);
    }
  }

  async function revoke(invitationId: string, address: string) {
    setRevoking(invitationId);
    setRevokeFailed(false);
    try {
      onSaved(
        await api.post("/kammare/private-page/invitations/revoke", { body: { profileId, invitationId } }),
      );
      toast.show({ title: t("privatePage.settings.revoked", { email: address }) });
    } catch {
      setRevokeFailed(true);
    } finally {
      setRevoking(null);
    }
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h4 id={headingId} className="font-semibold text-ink">
        {t("privatePage.settings.invitationsHeading")}
      </h4>
      <p className="text-sm text-muted">{t("privatePage.settings.invitationsLead")}</p>
      {settings.invitations.length === 0 ? (
        <p className="text-sm text-muted">{t("privatePage.settings.noInvitations")}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line rounded-[var(--radius-control)] border border-line">
          {settings.invitations.map((invitation) => (
            <li
              key={invitation.id}
              className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2"
            >
              <span className="flex min-w-0 flex-col">
                <span className="font-medium text-ink [overflow-wrap:anywhere]">{invitation.email}</span>
                <span className="text-sm text-muted">
                  {t("privatePage.settings.invitedOn", {
                    date: formatDate(invitation.createdAt, i18n.language),
                  })}
                </span>
              </span>
              <Button
                variant="secondary"
                busy={revoking === invitation.id}
                aria-label={t("privatePage.settings.revokeLabel", { email: invitation.email })}
                onClick={() => void revoke(invitation.id, invitation.email)}
              >
                {t("privatePage.settings.revoke")}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {revokeFailed && (
        <p className="text-sm font-medium text-danger">{t("privatePage.settings.saveFailed")}</p>
      )}
      <TextField
        label={t("privatePage.settings.inviteEmail")}
        name="door-invite-email"
        type="email"
        autoComplete="email"
        maxLength={254}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        onKeyDown={onEnter(() => void invite())}
        error={error}
      />
      <div>
        <Button variant="secondary" busy={busy} onClick={() => void invite()}>
          {t("privatePage.settings.invite")}
        </Button>
      </div>
    </section>
  );
}
