// /login: sign in with e-mail and password (rule `login`: a signed-in user goes to "/"). Reached from
// an unclaimed page (?redirectTo=/k/{id}?claim=1), it says which page becomes the visitor's and
// claims it before moving on. Without a return path it is where "/" sends a visitor (spec section 6),
// so below the form it says what a page is and costs, with "Start a page" beside "I have a code".
import { useTranslation } from "../../lib/i18n";
import { useLocation, useSearchParams } from "react-router";
import { AuthCard } from "../../components/auth-card";
import { Card } from "../../components/card";
import { PagePitch, StartOrCode } from "../../components/welcome/start-or-code";
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
    <AuthCard
      title={t("auth.login.title")}
      heading={t("auth.login.heading")}
      lead={t("auth.login.lead")}
      after={!redirectTo && <NewHere />}
    >
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

/** For a visitor new to the site: what a page is and costs, and the two ways to one. */
function NewHere() {
  const { t } = useTranslation();
  return (
    <Card as="section" aria-labelledby="new-here-heading" className="flex flex-col gap-4 p-6">
      <h2 id="new-here-heading" className="font-serif text-xl font-semibold text-brand">
        {t("auth.start.newHere")}
      </h2>
      <PagePitch />
      <StartOrCode />
    </Card>
  );
}
