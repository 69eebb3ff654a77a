// /login: sign in with e-mail and password (rule `login`: a signed-in user goes to "/"). Reached from
// an unclaimed page (?redirectTo=/k/{id}?claim=1), it says which page becomes the visitor's and
// claims it before moving on.
import { useTranslation } from "../../lib/i18n";
import { useLocation, useSearchParams } from "react-router";
import { AuthCard } from "../../components/auth-card";
import { ClaimingNotice } from "../../components/claiming-notice";
import { SignInForm, SignInLinks } from "../../components/sign-in-form";
import { login } from "../../lib/auth";
import { claimAfterSignIn, claimedIdOf } from "../../lib/claim";
import { emailFromState } from "../../lib/email-state";
import { emailProblem } from "../../lib/validate";
import { serverRules } from "../../rules/index.server";
import type { Route } from "./+types/login";

export const middleware: Route.MiddlewareFunction[] = serverRules("login");

export default function Login() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const redirectTo = searchParams.get("redirectTo");
  const claiming = claimedIdOf(redirectTo);
  const signupHref = redirectTo ? `/new?redirectTo=${encodeURIComponent(redirectTo)}` : "/new";
  return (
    <AuthCard title={t("auth.login.title")} heading={t("auth.login.heading")} lead={t("auth.login.lead")}>
      <SignInForm
        password={{ name: "password", autoComplete: "current-password" }}
        check={(email, password) => ({
          email: emailProblem(email),
          password: password ? undefined : "validation.passwordRequired",
        })}
        send={(email, password) => login(email, password, claiming ? claimAfterSignIn(claiming) : undefined)}
        submit={t("auth.login.submit")}
        busy={t("auth.login.busy")}
        notice={claiming && <ClaimingNotice id={claiming} after="login" />}
        // The address typed on /new before "sign in instead" (see signup.tsx).
        initialEmail={emailFromState(location.state)}
        resetPasswordHref="/forgot-password"
      >
        <SignInLinks
          noAccount={t("auth.login.noAccount")}
          signUp={t("auth.login.signup")}
          signUpHref={signupHref}
        />
      </SignInForm>
    </AuthCard>
  );
}
