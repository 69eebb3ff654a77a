// /login: sign in with e-mail and password (rule `login`: a signed-in user goes to "/").
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Alert } from "../../components/alert";
import { AuthCard } from "../../components/auth-card";
import { Button } from "../../components/button";
import { EmailField } from "../../components/email-field";
import { TextField } from "../../components/text-field";
import { login } from "../../lib/auth";
import { emailProblem } from "../../lib/validate";
import { serverRules } from "../../rules/index.server";
import type { Route } from "./+types/login";

export const middleware: Route.MiddlewareFunction[] = serverRules("login");

export default function Login() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = {
      email: emailProblem(email),
      password: password ? undefined : "auth.validation.passwordRequired",
    };
    setErrors(problems);
    setFailed(false);
    if (problems.email || problems.password) return;
    setBusy(true);
    const result = await login(email, password);
    // On success the page reloads (spec section 4) and the login rule sends the user on.
    if (!result.ok) {
      setFailed(true);
      setBusy(false);
    }
  }

  const redirectTo = searchParams.get("redirectTo");
  const signupHref = redirectTo ? `/new?redirectTo=${encodeURIComponent(redirectTo)}` : "/new";
  return (
    <AuthCard title={t("auth.login.title")} heading={t("auth.login.heading")} lead={t("auth.login.lead")}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        {failed && <Alert tone="error" title={t("auth.error")} />}
        <EmailField value={email} onChange={setEmail} error={errors.email} />
        <TextField
          label={t("auth.password")}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password && t(errors.password)}
        />
        <Button type="submit" busy={busy}>
          {busy ? t("auth.login.busy") : t("auth.login.submit")}
        </Button>
        <p className="text-sm">
          <Link to="/forgot-password" className="text-brand underline">
            {t("auth.login.forgot")}
          </Link>
        </p>
        <p className="text-sm text-muted">
          {t("auth.login.noAccount")}{" "}
          <Link to={signupHref} className="font-medium text-brand underline">
            {t("auth.login.signup")}
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
