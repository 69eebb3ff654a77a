// /reset-password?token=…: choose a new password with the link from the e-mail.
import { useState, type FormEvent } from "react";
import { useTranslation } from "../../lib/i18n";
import { Link, useSearchParams } from "react-router";
import { Alert } from "../../components/alert";
import { AuthCard } from "../../components/auth-card";
import { Button } from "../../components/button";
import { FormAlert } from "../../components/form-alert";
import { NewPasswordFields } from "../../components/new-password-fields";
import { api } from "../../lib/api";
import { useFormSubmit } from "../../lib/use-form-submit";
import { newPasswordProblems } from "../../lib/validate";

export default function ResetPassword() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  // "password_is_email" is explained at the field alone; "invalid_token" gets its own screen below.
  const form = useFormSubmit({ fields: ["password", "confirm"], quietWhenExplained: true });

  const submit = (event: FormEvent) =>
    form.submit(event, {
      check: () => newPasswordProblems(password, confirm),
      send: async () => {
        await api.post("/auth/reset", { body: { token, password } });
        window.localStorage.removeItem("session");
      },
    });

  const heading = { title: t("auth.reset.title"), heading: t("auth.reset.heading") };
  if (!token || form.failure?.code === "invalid_token") {
    return (
      <AuthCard {...heading}>
        <div className="flex flex-col gap-4">
          <Alert tone="error" title={t(token ? "validation.invalidToken" : "auth.reset.missing")} />
          <Link to="/forgot-password" className="text-brand underline">
            {t("auth.reset.again")}
          </Link>
        </div>
      </AuthCard>
    );
  }
  if (form.done) {
    return (
      <AuthCard {...heading}>
        <div className="flex flex-col gap-4">
          <Alert tone="success" title={t("auth.reset.done")} />
          <Link to="/login" className="font-medium text-brand underline">
            {t("auth.reset.login")}
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard {...heading}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <FormAlert form={form} />
        <NewPasswordFields
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          errors={form.errors}
        />
        <Button type="submit" busy={form.busy}>
          {form.busy ? t("auth.reset.busy") : t("auth.reset.submit")}
        </Button>
      </form>
    </AuthCard>
  );
}
