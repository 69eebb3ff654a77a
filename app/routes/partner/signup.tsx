// /partner/signup: an address on the admin's partner whitelist makes a partner account and is signed
// in (POST /api/partner/signup). The password has the customer sign-up's rules and hint. Any other
// address gets the server's one refusal at the e-mail field, whatever the reason, so the page reveals
// nothing about who is on the whitelist. The invitation e-mail's link fills the address in (?email=).
import { useState, type FormEvent } from "react";
import { useTranslation } from "../../lib/i18n";
import { Link, redirect, useSearchParams } from "react-router";
import { partnerSignupEmailParameter } from "../../../contract/partner-colleagues";
import { hasDottedDomain } from "../../../contract/account-rules";
import { AuthCard } from "../../components/auth-card";
import { Button } from "../../components/button";
import { EmailField } from "../../components/email-field";
import { FormAlert } from "../../components/form-alert";
import { TextField } from "../../components/text-field";
import { partnerSignup } from "../../lib/auth";
import { useFormSubmit } from "../../lib/use-form-submit";
import { apiErrorMessages, emailProblem, newPasswordProblem } from "../../lib/validate";
import { hasRole, viewerContext } from "../../lib/services.server";
import type { Route } from "./+types/signup";

export function loader({ context }: Route.LoaderArgs) {
  if (hasRole(context.get(viewerContext), "partner")) throw redirect("/partner/dashboard");
  return null;
}

export default function PartnerSignUp() {
  const { t } = useTranslation();
  // The invitation's link fills the address in (?email=…); it can still be changed.
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState(searchParams.get(partnerSignupEmailParameter)?.trim() ?? "");
  const [password, setPassword] = useState("");
  const form = useFormSubmit({
    fields: ["email", "password"],
    // The refusal (403 at `email`) in the reader's language, in the server's words.
    messages: { ...apiErrorMessages, forbidden: "partner.errors.signupRefused" },
    quietWhenExplained: true,
  });

  const onSubmit = (event: FormEvent) =>
    form.submit(event, {
      check: () => ({
        email: emailProblem(email) ?? (hasDottedDomain(email.trim()) ? undefined : "auth.signup.emailDomain"),
        password: newPasswordProblem(password, email),
      }),
      send: () => partnerSignup(email, password, async () => "/partner/dashboard"),
      staysBusy: true,
    });

  return (
    <AuthCard
      title={t("partner.signup.title")}
      heading={t("partner.signup.heading")}
      lead={t("partner.signup.lead")}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <FormAlert form={form} />
        <EmailField
          value={email}
          onChange={(value) => {
            setEmail(value);
            form.dismiss();
          }}
          error={form.errors.email}
        />
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
          error={form.message("password")}
        />
        <Button type="submit" busy={form.busy}>
          {form.busy ? t("auth.signup.busy") : t("partner.signup.submit")}
        </Button>
        <p className="text-sm text-muted">
          {t("partner.signup.haveAccount")}{" "}
          <Link to="/partner/signin" className="font-medium text-brand underline">
            {t("partner.signup.signin")}
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
