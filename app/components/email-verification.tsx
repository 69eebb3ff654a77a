// The account's e-mail address and whether it is verified, with the button that mails a verification
// link (POST /api/auth/verify-email/request). What happened is said in a live region: sent (to which
// address), the hourly limit reached, or verified already.
import { useState } from "react";
import { useTranslation } from "../lib/i18n";
import { api } from "../lib/api";
import { failureOf } from "../lib/failure";
import { Alert } from "./alert";
import { Button } from "./button";
import { Card } from "./card";

type Outcome = "sent" | "tooMany" | "already" | "failed";

export function EmailVerification({
  email,
  verified,
  headingLevel = 2,
}: {
  email: string;
  verified: boolean;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const Heading = headingLevel === 2 ? "h2" : "h3";

  async function send() {
    setBusy(true);
    try {
      await api.post("/auth/verify-email/request");
      setOutcome("sent");
    } catch (error) {
      const { code } = failureOf(error);
      setOutcome(code === "rate_limited" ? "tooMany" : code === "conflict" ? "already" : "failed");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card as="section" aria-labelledby="email-verification" className="flex flex-col gap-3 p-5">
      <Heading id="email-verification" className="text-lg font-semibold">
        {t("verifyEmail.panelHeading")}
      </Heading>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="break-all">{email}</span>
        <span
          className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-sm font-medium ${
            verified
              ? "bg-status-active-soft text-status-active"
              : "bg-status-past-due-soft text-status-past-due"
          }`}
        >
          <span aria-hidden="true">{verified ? "✓" : "!"}</span>
          {verified ? t("verifyEmail.verified") : t("verifyEmail.unverified")}
        </span>
      </p>
      {!verified && (
        <>
          <p className="text-muted">{t("verifyEmail.explain", { email })}</p>
          <div aria-live="polite">
            {outcome === "sent" && <Alert tone="success" title={t("verifyEmail.sent", { email })} />}
            {outcome === "tooMany" && <Alert tone="error" title={t("verifyEmail.tooMany")} />}
            {outcome === "already" && <Alert tone="info" title={t("verifyEmail.already")} />}
            {outcome === "failed" && <Alert tone="error" title={t("validation.failed")} />}
          </div>
          <div>
            <Button
              variant={outcome === "sent" ? "secondary" : "primary"}
              busy={busy}
              onClick={() => void send()}
            >
              {busy ? t("verifyEmail.sending") : t("verifyEmail.send")}
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}
