// /new: create an account; it signs in at once (rule `login`: a signed-in user goes to "/").
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Alert } from "../../components/alert";
import { AuthCard } from "../../components/auth-card";
import { Button } from "../../components/button";
import { EmailField } from "../../components/email-field";
import { TextField } from "../../components/text-field";
import { signup } from "../../lib/auth";
import { apiErrorMessages, emailProblem, newPasswordProblem } from "../../lib/validate";
import { serverRules } from "../../rules/index.server";
import type { Route } from "./+types/signup";

export const middleware: Route.MiddlewareFunction[] = serverRules("login");

export default function Signup() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = { email: emailProblem(email), password: newPasswordProblem(password, email) };
    setErrors(problems);
    setFailed(false);
    if (problems.email || problems.password) return;
    setBusy(true);
    const result = await signup(email, password);
    if (!result.ok) {
      setFailed(true);
      setBusy(false);
      if (result.code === "email_taken") setErrors({ email: apiErrorMessages.email_taken });
    }
  }

  const redirectTo = searchParams.get("redirectTo");
  return (
    <AuthCard title={t("auth.signup.title")} heading={t("auth.signup.heading")} lead={t("auth.signup.lead")}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        {failed && <Alert tone="error" title={t("auth.error")} />}
        <EmailField value={email} onChange={setEmail} error={errors.email} />
        <TextField
          label={t("auth.password")}
          hint={t("auth.passwordHint")}
          type="password"
          name="new-password"
          autoComplete="new-password"
          required
          minLength={10}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password && t(errors.password)}
        />
        <Button type="submit" busy={busy}>
          {busy ? t("auth.signup.busy") : t("auth.signup.submit")}
        </Button>
        <p className="text-sm text-muted">
          {t("auth.signup.haveAccount")}{" "}
          <Link
            to={redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login"}
            className="font-medium text-brand underline"
          >
            {t("auth.signup.login")}
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
