// /new: create an account; it signs in at once (rule `login`: a signed-in user goes to "/").
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { AuthCard } from "../../components/auth-card";
import { SignInForm } from "../../components/sign-in-form";
import { signup } from "../../lib/auth";
import { emailProblem, newPasswordProblem } from "../../lib/validate";
import { serverRules } from "../../rules/index.server";
import type { Route } from "./+types/signup";

export const middleware: Route.MiddlewareFunction[] = serverRules("login");

export default function Signup() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo");
  return (
    <AuthCard title={t("auth.signup.title")} heading={t("auth.signup.heading")} lead={t("auth.signup.lead")}>
      <SignInForm
        password={{
          name: "new-password",
          autoComplete: "new-password",
          hint: t("auth.passwordHint"),
          minLength: 10,
        }}
        check={(email, password) => ({
          email: emailProblem(email),
          password: newPasswordProblem(password, email),
        })}
        send={signup}
        submit={t("auth.signup.submit")}
        busy={t("auth.signup.busy")}
      >
        <p className="text-sm text-muted">
          {t("auth.signup.haveAccount")}{" "}
          <Link
            to={redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login"}
            className="font-medium text-brand underline"
          >
            {t("auth.signup.login")}
          </Link>
        </p>
      </SignInForm>
    </AuthCard>
  );
}
