// "/" (rule `index`): owners are sent to their first page and visitors to sign in; a signed-in user
// without a page sees this: how to reach the page their code belongs to.
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { isProfileId, normalizeProfileId } from "../../../contract/profile-id";
import { Button } from "../../components/button";
import { TextField } from "../../components/text-field";
import { useFormSubmit } from "../../lib/use-form-submit";
import { serverRules } from "../../rules/index.server";
import type { Route } from "./+types/home";

export const middleware: Route.MiddlewareFunction[] = serverRules("index");

export default function AccountHome() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [code, setCode] = useState("");
  const form = useFormSubmit({ fields: ["code"] });

  function submit(event: FormEvent) {
    event.preventDefault();
    const id = normalizeProfileId(code);
    if (form.check({ code: isProfileId(id) ? undefined : "accountHome.codeInvalid" }))
      void navigate(`/k/${id}`);
  }

  return (
    <section aria-labelledby="account-heading" className="mx-auto flex max-w-xl flex-col gap-6 py-6">
      <title>{t("accountHome.title")}</title>
      <h1 id="account-heading" className="text-3xl font-semibold text-brand">
        {t("accountHome.heading")}
      </h1>
      <p className="text-muted">{t("accountHome.lead")}</p>
      <form
        noValidate
        onSubmit={submit}
        className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-line bg-raised p-6"
      >
        <TextField
          label={t("accountHome.codeLabel")}
          hint={t("accountHome.codeHint")}
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={form.message("code")}
        />
        <Button type="submit">{t("accountHome.open")}</Button>
      </form>
    </section>
  );
}
