// /verify-email?token=…: the link from the verification e-mail. Opening it verifies the address
// (POST /api/auth/verify-email) at once, signed in or not (the link may be opened on another device);
// the token alone proves the address. Verifying runs in the browser, after the page has loaded, so a
// mail scanner that only fetches the link does not use it up.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { Link, useSearchParams } from "react-router";
import { Alert } from "../../components/alert";
import { AuthCard } from "../../components/auth-card";
import { ButtonLink } from "../../components/button";
import { api } from "../../lib/api";

type State = { step: "verifying" } | { step: "done"; email: string } | { step: "invalid" };

export default function VerifyEmail() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const [state, setState] = useState<State>({ step: "verifying" });
  // Once per page: React may run an effect twice in development.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    api.post("/auth/verify-email", { body: { token } }).then(
      (answer) => setState({ step: "done", email: answer.email }),
      () => setState({ step: "invalid" }),
    );
  }, [token]);

  return (
    <AuthCard title={t("verifyEmail.title")} heading={t("verifyEmail.heading")}>
      <div className="flex flex-col gap-4" aria-live="polite">
        {!token ? (
          <Alert tone="error" title={t("verifyEmail.missing")} />
        ) : state.step === "verifying" ? (
          <p>{t("verifyEmail.verifying")}</p>
        ) : state.step === "done" ? (
          <>
            <Alert tone="success" title={t("verifyEmail.done", { email: state.email })} />
            <ButtonLink to="/extended-trial">{t("verifyEmail.continue")}</ButtonLink>
            <Link to="/" className="text-brand underline">
              {t("verifyEmail.home")}
            </Link>
          </>
        ) : (
          <>
            <Alert tone="error" title={t("verifyEmail.invalid")} />
            <Link to="/extended-trial" className="text-brand underline">
              {t("verifyEmail.again")}
            </Link>
          </>
        )}
      </div>
    </AuthCard>
  );
}
