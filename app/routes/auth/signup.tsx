// /new: create an account; it signs in at once (rule `login`: a signed-in user goes to "/"). Reached
// from an unclaimed page (?redirectTo=/k/{id}?claim=1), it says which page becomes the visitor's and
// claims it before moving on. From "Start a page" (?start=page, with a partner's ?ref= kept), it says
// so, with what a page costs, and makes the page as soon as the account is there, opening its
// walkthrough.
import { useTranslation } from "../../lib/i18n";
import { Link, useLocation, useSearchParams } from "react-router";
import { hasDottedDomain } from "../../../contract/account-rules";
import { AuthCard } from "../../components/auth-card";
import { ClaimingNotice } from "../../components/claiming-notice";
import { SignInForm } from "../../components/sign-in-form";
import { signup } from "../../lib/auth";
import { claimAfterSignIn, claimedIdOf } from "../../lib/claim";
import { emailFromState } from "../../lib/email-state";
import { startAfterSignUp, startsPage } from "../../lib/start-page";
import { PriceLine } from "../../components/welcome/start-or-code";
import { referralQueryParameter } from "../../../contract/partner-links";
import { freeTrialDays } from "../../../contract/pricing";
import { emailProblem, newPasswordProblem } from "../../lib/validate";
import { serverRules } from "../../rules/index.server";
import type { Route } from "./+types/signup";

export const middleware: Route.MiddlewareFunction[] = serverRules("login");

/** A new account's address: valid, and with a full domain (contract/account-rules.ts). */
function newEmailProblem(email: string): string | undefined {
  return emailProblem(email) ?? (hasDottedDomain(email.trim()) ? undefined : "auth.signup.emailDomain");
}

export default function Signup() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const redirectTo = searchParams.get("redirectTo");
  const claiming = claimedIdOf(redirectTo);
  // A claim outranks starting a page: the visitor came for that page.
  const starting = !claiming && startsPage(searchParams);
  const referral = searchParams.get(referralQueryParameter);
  const loginHref = redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login";
  const afterSignUp = claiming
    ? claimAfterSignIn(claiming)
    : starting
      ? startAfterSignUp(referral)
      : undefined;
  return (
    <AuthCard
      title={t(starting ? "auth.start.title" : "auth.signup.title")}
      heading={t(starting ? "auth.start.signupHeading" : "auth.signup.heading")}
      lead={starting ? t("auth.start.signupLead", { days: freeTrialDays }) : t("auth.signup.lead")}
      after={starting && <PriceLine className="px-1 text-sm text-muted" />}
    >
      <SignInForm
        password={{
          name: "new-password",
          autoComplete: "new-password",
          hint: t("auth.passwordHint"),
          minLength: 10,
        }}
        check={(email, password) => ({
          email: newEmailProblem(email),
          password: newPasswordProblem(password, email),
        })}
        send={(email, password) => signup(email, password, afterSignUp)}
        submit={t("auth.signup.submit")}
        busy={t("auth.signup.busy")}
        notice={claiming && <ClaimingNotice id={claiming} after="signup" />}
        // The address an invitation was sent to (app/routes/public/invitation.tsx), when it led here.
        initialEmail={emailFromState(location.state)}
        failureHelp={(code, email) =>
          code === "email_taken" && (
            <p className="text-sm">
              {/* The address is carried in the navigation's state, never in the address bar. */}
              <Link
                to={loginHref}
                state={{ email }}
                className="inline-flex min-h-11 items-center font-medium text-brand underline"
              >
                {t("auth.signup.signInInstead")}
              </Link>
            </p>
          )
        }
      >
        <p className="text-sm text-muted">
          {t("auth.signup.privacy")}{" "}
          <Link to="/privacy" className="font-medium text-brand underline">
            {t("auth.signup.privacyLink")}
          </Link>
        </p>
        <p className="text-sm text-muted">
          {t("auth.signup.haveAccount")}{" "}
          <Link to={loginHref} className="font-medium text-brand underline">
            {t("auth.signup.login")}
          </Link>
        </p>
      </SignInForm>
    </AuthCard>
  );
}
