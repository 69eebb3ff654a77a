// /checkout-link/{token}: an admin's checkout link, opened by its customer. Signed in as that customer,
// they choose which of their pages it pays for (straight on when there is one) and continue to the
// card checkout with the link's terms; anyone else, or a withdrawn, expired or used link, gets a clear
// message. A visitor signs in first and comes back here.
import { data, redirect } from "react-router";
import { checkoutLinkTokenSchema } from "../../../contract/checkout";
import { useTranslation } from "../../lib/i18n";
import { Alert } from "../../components/alert";
import { ButtonLink } from "../../components/button";
import {
  checkoutLinkState,
  type LinkState,
  checkoutRefusal,
  ownedProfileIds,
  profileView,
  servicesContext,
  viewerContext,
} from "../../lib/services.server";
import { signInPath } from "../../rules/registry";
import type { Route } from "./+types/link";
import { Card } from "../../components/card";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const viewer = context.get(viewerContext);
  if (!viewer) throw redirect(signInPath(request.url));
  const { db } = context.get(servicesContext);
  // A token we could not have made (%00, 10 KB) names no link: said so without asking the database.
  const token = checkoutLinkTokenSchema.safeParse(params.token);
  const found: LinkState = token.success
    ? await checkoutLinkState(db, token.data, viewer.id)
    : { state: "not_found", link: null };
  // A link that does not exist, or is not this customer's, is a 404 (the screen says why in words).
  if (found.state === "not_found" || found.state === "not_yours") {
    return data({ state: found.state, pages: [] }, { status: 404 });
  }
  if (found.state !== "usable") return { state: found.state, pages: [] };
  // A link made for one page (the admin chose it, or a first checkout bound it) pays for that one only.
  const bound = found.link.profileId;
  const ids = (await ownedProfileIds(db, viewer.id)).filter((id) => !bound || id === bound);
  const profiles = await Promise.all(ids.map((id) => profileView(db, id)));
  const pages = profiles.flatMap((profile) =>
    profile && !checkoutRefusal(profile, viewer.id)
      ? [{ id: profile.id, name: profile.content.displayName }]
      : [],
  );
  const cardPath = (id: string) => `/k/${id}/checkout/card?link=${encodeURIComponent(params.token)}`;
  if (pages.length === 1 && pages[0]) throw redirect(cardPath(pages[0].id));
  return { state: found.state, pages: pages.map((page) => ({ ...page, to: cardPath(page.id) })) };
}

export default function CheckoutLink({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { state, pages } = loaderData;
  return (
    <article className="mx-auto flex max-w-xl flex-col gap-6">
      <title>{t("checkout.link.title")}</title>
      <h1 className="text-3xl font-semibold">{t("checkout.link.heading")}</h1>
      {state !== "usable" ? (
        <Alert tone="error" title={t(`checkout.link.${state}`)} />
      ) : pages.length === 0 ? (
        <Alert tone="info" title={t("checkout.link.noPages")} />
      ) : (
        <>
          <p>{t("checkout.link.choose")}</p>
          <ul className="flex flex-col gap-3">
            {pages.map((page) => (
              <Card
                as="li"
                key={page.id}
                className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <p id={`link-page-${page.id}`}>
                  <span className="font-semibold">{page.name || t("checkout.unnamed")}</span>{" "}
                  <span className="font-mono text-sm tracking-widest text-muted">{page.id}</span>
                </p>
                <ButtonLink to={page.to} aria-describedby={`link-page-${page.id}`}>
                  {t("checkout.link.continue")}
                </ButtonLink>
              </Card>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}
