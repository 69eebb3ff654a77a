// /reset-password?token=…: choose a new password with the link from the e-mail.
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Alert } from "../../components/alert";
import { AuthCard } from "../../components/auth-card";
import { Button } from "../../components/button";
import { NewPasswordFields } from "../../components/new-password-fields";
import { api } from "../../lib/api";
import { apiErrorCode, apiErrorMessages, newPasswordProblems } from "../../lib/validate";

export default function ResetPassword() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [state, setState] = useState<"idle" | "busy" | "done" | "invalid" | "failed">("idle");

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = newPasswordProblems(password, confirm);
    setErrors(problems);
    if (problems.password || problems.confirm) return;
    setState("busy");
    try {
      await api()("/api/auth/reset", { method: "POST", body: { token, password } });
      window.localStorage.removeItem("session");
      setState("done");
    } catch (error) {
      const code = apiErrorCode(error);
      if (code === "invalid_token") setState("invalid");
      else if (code === "password_is_email") {
        setErrors({ password: apiErrorMessages.password_is_email });
        setState("idle");
      } else setState("failed");
    }
  }

  const heading = { title: t("auth.reset.title"), heading: t("auth.reset.heading") };
  if (!token || state === "invalid") {
    return (
      <AuthCard {...heading}>
        <div className="flex flex-col gap-4">
          <Alert tone="error" title={t(token ? "auth.reset.invalid" : "auth.reset.missing")} />
          <Link to="/forgot-password" className="text-brand underline">
            {t("auth.reset.again")}
          </Link>
        </div>
      </AuthCard>
    );
  }
  if (state === "done") {
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
        {state === "failed" && <Alert tone="error" title={t("auth.error")} />}
        <NewPasswordFields
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          errors={errors}
        />
        <Button type="submit" busy={state === "busy"}>
          {state === "busy" ? t("auth.reset.busy") : t("auth.reset.submit")}
        </Button>
      </form>
    </AuthCard>
  );
}
