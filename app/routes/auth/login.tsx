// /login: sign in with e-mail and password (rule `login`: a signed-in user goes to "/").
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { AuthCard } from "../../components/auth-card";
import { SignInForm } from "../../components/sign-in-form";
import { login } from "../../lib/auth";
import { emailProblem } from "../../lib/validate";
import { serverRules } from "../../rules/index.server";
import type { Route } from "./+types/login";

export const middleware: Route.MiddlewareFunction[] = serverRules("login");

export default function Login() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo");
  const signupHref = redirectTo ? `/new?redirectTo=${encodeURIComponent(redirectTo)}` : "/new";
  return (
    <AuthCard title={t("auth.login.title")} heading={t("auth.login.heading")} lead={t("auth.login.lead")}>
      <SignInForm
        password={{ name: "password", autoComplete: "current-password" }}
        check={(email, password) => ({
          email: emailProblem(email),
          password: password ? undefined : "auth.validation.passwordRequired",
        })}
        send={login}
        submit={t("auth.login.submit")}
        busy={t("auth.login.busy")}
      >
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
      </SignInForm>
    </AuthCard>
  );
}
