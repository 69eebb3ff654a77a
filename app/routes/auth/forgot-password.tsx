// /forgot-password: ask for a reset link by e-mail. The answer never tells whether the account exists.
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Alert } from "../../components/alert";
import { AuthCard } from "../../components/auth-card";
import { Button } from "../../components/button";
import { EmailField } from "../../components/email-field";
import { api } from "../../lib/api";
import { emailProblem } from "../../lib/validate";

export default function ForgotPassword() {
  const { t } = useTranslation();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string>();
  const [state, setState] = useState<"idle" | "busy" | "sent" | "failed">("idle");

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = emailProblem(email);
    setError(problem);
    if (problem) return;
    setState("busy");
    try {
      await api()("/api/auth/reset-request", { method: "POST", body: { email: email.trim() } });
      setState("sent");
    } catch {
      setState("failed");
    }
  }

  return (
    <AuthCard title={t("auth.forgot.title")} heading={t("auth.forgot.heading")} lead={t("auth.forgot.lead")}>
      {state === "sent" ? (
        <div className="flex flex-col gap-4">
          <Alert tone="success" title={t("auth.forgot.sent", { email: email.trim() })} />
          <Link to="/login" className="text-brand underline">
            {t("auth.forgot.back")}
          </Link>
        </div>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          {state === "failed" && <Alert tone="error" title={t("auth.error")} />}
          <EmailField value={email} onChange={setEmail} error={error} />
          <Button type="submit" busy={state === "busy"}>
            {state === "busy" ? t("auth.forgot.busy") : t("auth.forgot.submit")}
          </Button>
          <Link to="/login" className="text-sm text-brand underline">
            {t("auth.forgot.back")}
          </Link>
        </form>
      )}
    </AuthCard>
  );
}
