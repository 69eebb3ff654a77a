// /forgot-password: ask for a reset link by e-mail. The answer never tells whether the account exists.
// Reached from a failed sign-in, the address typed there is filled in.
import { useState, type FormEvent } from "react";
import { useTranslation } from "../../lib/i18n";
import { Link, useLocation } from "react-router";
import { Alert } from "../../components/alert";
import { AuthCard } from "../../components/auth-card";
import { Button } from "../../components/button";
import { EmailField } from "../../components/email-field";
import { FormAlert } from "../../components/form-alert";
import { api } from "../../lib/api";
import { emailFromState } from "../../lib/email-state";
import { useFormSubmit } from "../../lib/use-form-submit";
import { emailProblem } from "../../lib/validate";

export default function ForgotPassword() {
  const { t } = useTranslation();
  const location = useLocation();
  const [email, setEmail] = useState(() => emailFromState(location.state));
  const form = useFormSubmit({ fields: ["email"] });

  const submit = (event: FormEvent) =>
    form.submit(event, {
      check: () => ({ email: emailProblem(email) }),
      send: async () => {
        await api.post("/auth/reset-request", { body: { email: email.trim() } });
      },
    });

  return (
    <AuthCard title={t("auth.forgot.title")} heading={t("auth.forgot.heading")} lead={t("auth.forgot.lead")}>
      {form.done ? (
        <div className="flex flex-col gap-4">
          <Alert tone="success" title={t("auth.forgot.sent", { email: email.trim() })} />
          <Link to="/login" className="text-brand underline">
            {t("auth.forgot.back")}
          </Link>
        </div>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <FormAlert form={form} />
          <EmailField value={email} onChange={setEmail} error={form.errors.email} />
          <Button type="submit" busy={form.busy}>
            {form.busy ? t("auth.forgot.busy") : t("auth.forgot.submit")}
          </Button>
          <Link to="/login" className="text-sm text-brand underline">
            {t("auth.forgot.back")}
          </Link>
        </form>
      )}
    </AuthCard>
  );
}
