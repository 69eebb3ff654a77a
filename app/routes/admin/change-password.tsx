// /admin/change-password: the signed-in admin changes their own password; other sessions end.
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert";
import { Button } from "../../components/button";
import { NewPasswordFields } from "../../components/new-password-fields";
import { TextField } from "../../components/text-field";
import { api } from "../../lib/api";
import { apiErrorCode, apiErrorMessages, newPasswordProblems } from "../../lib/validate";

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
    const fresh = newPasswordProblems(next, confirm);
    const problems: Errors = {
      current: current ? undefined : "auth.validation.passwordRequired",
      next: fresh.password,
      confirm: fresh.confirm,
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
        <NewPasswordFields
          password={next}
          confirm={confirm}
          onPassword={setNext}
          onConfirm={setConfirm}
          errors={{ password: errors.next, confirm: errors.confirm }}
        />
        <Button type="submit" busy={state === "busy"}>
          {state === "busy" ? t("admin.password.busy") : t("admin.password.submit")}
        </Button>
      </form>
    </section>
  );
}
