// /admin/change-password: the signed-in admin changes their own password; other sessions end.
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert";
import { Button } from "../../components/button";
import { TextField } from "../../components/text-field";
import { api } from "../../lib/api";
import { apiErrorCode, apiErrorMessages, newPasswordProblem } from "../../lib/validate";

type Errors = { current?: string; next?: string; confirm?: string };

export default function ChangePassword() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [state, setState] = useState<"idle" | "busy" | "done" | "failed">("idle");

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems: Errors = {
      current: current ? undefined : "auth.validation.passwordRequired",
      next: newPasswordProblem(next),
      confirm: confirm === next ? undefined : "auth.validation.mismatch",
    };
    setErrors(problems);
    if (problems.current || problems.next || problems.confirm) return;
    setState("busy");
    try {
      await api()("/api/auth/change-password", {
        method: "POST",
        body: { currentPassword: current, newPassword: next },
      });
      setCurrent("");
      setNext("");
      setConfirm("");
      setState("done");
    } catch (error) {
      const code = apiErrorCode(error);
      if (code === "wrong_password") setErrors({ current: apiErrorMessages.wrong_password });
      else if (code === "password_is_email") setErrors({ next: apiErrorMessages.password_is_email });
      setState("failed");
    }
  }

  return (
    <section aria-labelledby="change-password-heading" className="flex max-w-md flex-col gap-6">
      <title>{t("admin.password.title")}</title>
      <h1 id="change-password-heading" className="text-3xl font-semibold text-brand">
        {t("admin.password.heading")}
      </h1>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-line bg-raised p-6"
      >
        {state === "done" && <Alert tone="success" title={t("admin.password.done")} />}
        {state === "failed" && <Alert tone="error" title={t("auth.error")} />}
        <TextField
          label={t("admin.password.current")}
          type="password"
          name="current-password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
          error={errors.current && t(errors.current)}
        />
        <TextField
          label={t("admin.password.new")}
          hint={t("auth.passwordHint")}
          type="password"
          name="new-password"
          autoComplete="new-password"
          value={next}
          onChange={(event) => setNext(event.target.value)}
          error={errors.next && t(errors.next)}
        />
        <TextField
          label={t("admin.password.confirm")}
          type="password"
          name="confirm-password"
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          error={errors.confirm && t(errors.confirm)}
        />
        <Button type="submit" busy={state === "busy"}>
          {state === "busy" ? t("admin.password.busy") : t("admin.password.submit")}
        </Button>
      </form>
    </section>
  );
}
