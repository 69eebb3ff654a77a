// /admin/change-password: the signed-in admin changes their own password; other sessions end.
import { useState, type FormEvent } from "react";
import { useTranslation } from "../../lib/i18n";
import { Button } from "../../components/button";
import { FormAlert } from "../../components/form-alert";
import { NewPasswordFields } from "../../components/new-password-fields";
import { AdminPageHeader } from "../../components/admin/admin-page-header";
import { TextField } from "../../components/text-field";
import { api } from "../../lib/api";
import { useFormSubmit } from "../../lib/use-form-submit";
import { newPasswordProblems } from "../../lib/validate";
import { cardClass } from "../../components/card";

export default function ChangePassword() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const form = useFormSubmit({
    fields: ["current", "next", "confirm"],
    fieldNames: { currentPassword: "current", newPassword: "next" },
  });

  const submit = (event: FormEvent) =>
    form.submit(event, {
      check: () => {
        const fresh = newPasswordProblems(next, confirm);
        return {
          current: current ? undefined : "validation.passwordRequired",
          next: fresh.password,
          confirm: fresh.confirm,
        };
      },
      send: async () => {
        await api.post("/auth/change-password", {
          body: { currentPassword: current, newPassword: next },
        });
      },
      onDone: () => {
        setCurrent("");
        setNext("");
        setConfirm("");
      },
    });

  return (
    <section aria-labelledby="change-password-heading" className="flex max-w-md flex-col gap-6">
      <title>{t("admin.password.title")}</title>
      <AdminPageHeader
        path="/admin/change-password"
        title={t("admin.password.heading")}
        titleId="change-password-heading"
      />
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className={`flex flex-col gap-4 ${cardClass} p-6`}
      >
        <FormAlert form={form} done={t("admin.password.done")} />
        <TextField
          label={t("admin.password.current")}
          type="password"
          name="current-password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
          error={form.message("current")}
        />
        <NewPasswordFields
          password={next}
          confirm={confirm}
          onPassword={setNext}
          onConfirm={setConfirm}
          errors={{ password: form.errors.next, confirm: form.errors.confirm }}
        />
        <Button type="submit" busy={form.busy}>
          {form.busy ? t("admin.password.busy") : t("admin.password.submit")}
        </Button>
      </form>
    </section>
  );
}
