// "/" (rule `index`): owners are sent to their first page and visitors to sign in; a signed-in user
// without a page sees this: the pages they help keep as an editor, "Start a page" (made at once, opening
// its walkthrough) beside how to reach the page their code belongs to, and their e-mail address,
// whether it is verified, with the way to verify it.
import { useState, type FormEvent } from "react";
import { useTranslation } from "../../lib/i18n";
import { useNavigate } from "react-router";
import { isProfileId, normalizeProfileId } from "../../../contract/profile-id";
import { Button } from "../../components/button";
import { EmailVerification } from "../../components/email-verification";
import { HelpingPages } from "../../components/account/owner-pages";
import { StartPageButton } from "../../components/account/start-page-button";
import { PriceLine } from "../../components/welcome/start-or-code";
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
    <section aria-labelledby="account-heading" className="mx-auto flex max-w-3xl flex-col gap-6 py-6">
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
      <div className="grid gap-4 sm:grid-cols-2">
        <section
          aria-labelledby="start-heading"
          className={`flex flex-col gap-3 ${cardClass} p-6`}
          data-testid="home-start"
        >
          <h2 id="start-heading" className="text-xl font-semibold">
            {t("auth.start.homeTitle")}
          </h2>
          <p className="text-muted">{t("auth.start.homeLead")}</p>
          <PriceLine className="text-sm text-muted" />
          <div className="mt-auto pt-1">
            <StartPageButton />
          </div>
        </section>
        <form
          noValidate
          onSubmit={submit}
          aria-labelledby="code-heading"
          className={`flex flex-col gap-4 ${cardClass} p-6`}
        >
          <h2 id="code-heading" className="text-xl font-semibold">
            {t("auth.start.codeTitle")}
          </h2>
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
          <Button type="submit" variant="secondary" className="mt-auto">
            {t("accountHome.open")}
          </Button>
        </form>
      </div>
      {loaderData.account && (
        <EmailVerification email={loaderData.account.email} verified={loaderData.account.emailVerified} />
      )}
    </section>
  );
}
