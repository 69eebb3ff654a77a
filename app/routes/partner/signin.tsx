// /partner/signin: a partner signs in with the customers' call (POST /api/auth/login). A signed-in
// partner goes on to where they were going (the dashboard by default); an account that is no partner's
// is told so here, with a way to sign out and use a partner account instead.
import { useTranslation } from "../../lib/i18n";
import { Link, redirect } from "react-router";
import { Alert } from "../../components/alert";
import { AuthCard } from "../../components/auth-card";
import { Button } from "../../components/button";
import { SignInForm, SignInLinks } from "../../components/sign-in-form";
import { login, logout } from "../../lib/auth";
import { emailProblem } from "../../lib/validate";
import { hasRole, viewerContext } from "../../lib/services.server";
import { safeReturnPath } from "../../rules/index.server";
import type { Route } from "./+types/signin";

export function loader({ context, request }: Route.LoaderArgs) {
  const viewer = context.get(viewerContext);
  const redirectTo = safeReturnPath(new URL(request.url).searchParams.get("redirectTo"));
  if (hasRole(viewer, "partner")) {
    throw redirect(redirectTo?.startsWith("/partner") ? redirectTo : "/partner/dashboard");
  }
  // Signed in, but not as a partner (a customer, an admin, or a customer's account used here by mistake).
  return { notPartner: viewer ? viewer.email : null };
}

export default function PartnerSignIn({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { notPartner } = loaderData;
  return (
    <AuthCard
      title={t("partner.signin.title")}
      heading={t("partner.signin.heading")}
      lead={t("partner.signin.lead")}
    >
      {notPartner ? (
        <div className="flex flex-col gap-4">
          <Alert tone="error" title={t("partner.signin.notPartner")}>
            <p>{t("partner.signin.notPartnerText", { email: notPartner })}</p>
          </Alert>
          <Button variant="secondary" onClick={() => void logout("/partner/signin")}>
            {t("partner.signin.signOut")}
          </Button>
          <p className="text-sm">
            <Link to="/" className="inline-flex min-h-11 items-center text-brand underline">
              {t("partner.signin.toCustomer")}
            </Link>
          </p>
        </div>
      ) : (
        <SignInForm
          password={{ name: "password", autoComplete: "current-password" }}
          check={(email, password) => ({
            email: emailProblem(email),
            password: password ? undefined : "validation.passwordRequired",
          })}
          // The page reloads; its loader then sends a partner on, or says the account is no partner's.
          send={(email, password) => login(email, password)}
          submit={t("partner.signin.submit")}
          busy={t("auth.login.busy")}
          // A partner's account is an account like any other: its password is reset the same way.
          resetPasswordHref="/forgot-password"
        >
          <SignInLinks
            noAccount={t("partner.signin.noAccount")}
            signUp={t("partner.signin.signup")}
            signUpHref="/partner/signup"
          />
        </SignInForm>
      )}
    </AuthCard>
  );
}
