// "/" (rule `index`): owners are sent to their first page and visitors to sign in; a signed-in user
// without a page sees this: the pages they help keep as an editor, how to reach the page their code
// belongs to, and their e-mail address, whether it is verified, with the way to verify it.
import { useState, type FormEvent } from "react";
import { useTranslation } from "../../lib/i18n";
import { useNavigate } from "react-router";
import { isProfileId, normalizeProfileId } from "../../../contract/profile-id";
import { Button } from "../../components/button";
import { EmailVerification } from "../../components/email-verification";
import { HelpingPages } from "../../components/account/owner-pages";
import { TextField } from "../../components/text-field";
import {
  customerPartnerName,
  isEmailVerified,
  ownerPages,
  servicesContext,
  viewerContext,
} from "../../lib/services.server";
import { useFormSubmit } from "../../lib/use-form-submit";
import { serverRules } from "../../rules/index.server";
import type { Route } from "./+types/home";
import { cardClass } from "../../components/card";

export const middleware: Route.MiddlewareFunction[] = serverRules("index");

export async function loader({ context }: Route.LoaderArgs) {
  // The rule has sent visitors to sign in: there is a viewer here.
  const viewer = context.get(viewerContext);
  if (!viewer) return { account: null, helping: [], partnerName: null };
  const { config, db } = context.get(servicesContext);
  // Owners never see "/" (the rule sends them to their first page); an editor may: the pages they help
  // keep are here.
  // The funeral home or shop the customer came through is named where the letter is mentioned.
  const [emailVerified, pages, partnerName] = await Promise.all([
    isEmailVerified(db, viewer.id),
    ownerPages(db, viewer.id, { graceDays: config.GRACE_DAYS }),
    customerPartnerName(db, viewer.id),
  ]);
  return { account: { email: viewer.email, emailVerified }, helping: pages.helping, partnerName };
}

export default function AccountHome({ loaderData }: Route.ComponentProps) {
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
      <p className="text-muted">
        {loaderData.partnerName
          ? t("accountHome.leadFrom", { name: loaderData.partnerName })
          : t("accountHome.lead")}
      </p>
      <HelpingPages pages={loaderData.helping} />
      <form noValidate onSubmit={submit} className={`flex flex-col gap-4 ${cardClass} p-6`}>
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
      {loaderData.account && (
        <EmailVerification email={loaderData.account.email} verified={loaderData.account.emailVerified} />
      )}
    </section>
  );
}
