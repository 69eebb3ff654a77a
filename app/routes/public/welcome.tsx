// /welcome?ref={slug} (rule `login`: a signed-in user goes on to "/"): where "/" sends a visitor who
// arrived by a partner's link (/?ref={slug}). It greets them by the name of the funeral home
// or shop that gave them the link, says in two sentences what a page is and what it costs, and offers
// "Start a page" (sign up, and the page is made at once, attributed to the partner) beside "I have a
// code"; or to sign in. The referral cookie (set by the "/" visit, or by this one) attributes the
// sign-up and a later claim as before. A slug that names no organisation is sent to sign in, as "/"
// does without one. Plain links: it works without JavaScript.
import { Link, redirect } from "react-router";
import { referralQueryParameter } from "../../../contract/partner-links";
import { Card } from "../../components/card";
import { PagePitch, StartOrCode } from "../../components/welcome/start-or-code";
import { useTranslation } from "../../lib/i18n";
import { partnerWelcome, servicesContext } from "../../lib/services.server";
import { serverRules } from "../../rules/index.server";
import type { Route } from "./+types/welcome";

export const middleware: Route.MiddlewareFunction[] = serverRules("login");

export async function loader({ context, request }: Route.LoaderArgs) {
  const ref = new URL(request.url).searchParams.get(referralQueryParameter);
  const partner = await partnerWelcome(context.get(servicesContext).db, ref);
  if (!partner) throw redirect("/login");
  return { name: partner.name, slug: partner.slug };
}

export default function Welcome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { name, slug } = loaderData;
  return (
    <section aria-labelledby="welcome-heading" className="mx-auto flex w-full max-w-xl flex-col gap-6 py-6">
      <title>{t("welcome.title")}</title>
      <meta name="description" content={t("auth.start.pitch")} />
      <header className="flex flex-col gap-3">
        <p aria-hidden="true" className="font-serif text-4xl leading-none text-brand/40">
          ❦
        </p>
        <h1 id="welcome-heading" className="font-serif text-3xl font-semibold text-balance text-brand">
          {t("welcome.heading", { name })}
        </h1>
      </header>
      <Card className="flex flex-col gap-5 p-6">
        <PagePitch />
        <StartOrCode referral={slug} />
        <p className="text-sm text-muted">{t("welcome.start", { name })}</p>
      </Card>
      <p className="text-sm text-muted">
        {t("auth.signup.haveAccount")}{" "}
        <Link to="/login" className="font-medium text-brand underline" data-testid="welcome-sign-in">
          {t("auth.signup.login")}
        </Link>
      </p>
    </section>
  );
}
