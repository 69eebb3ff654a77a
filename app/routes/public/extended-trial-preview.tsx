// /preview/extended-trial (rule `preview`: admins and partners): the extended trial page read-only,
// with a preview banner, as a verified owner with one page that can have the trial sees it. Nothing
// is read of the viewer's own pages, and nothing in it can be sent.
import { useTranslation } from "../../lib/i18n";
import { ExtendedTrialView, type ExtendedTrialData } from "../../components/extended-trial-view";
import { servicesContext, viewerContext } from "../../lib/services.server";
import { serverRules } from "../../rules/index.server";
import type { Route } from "./+types/extended-trial-preview";

export const middleware: Route.MiddlewareFunction[] = serverRules("preview");

export function loader({ context }: Route.LoaderArgs): ExtendedTrialData {
  const { config } = context.get(servicesContext);
  const email = context.get(viewerContext)?.email ?? "";
  return { mode: "preview", days: config.EXTENDED_TRIAL_DAYS, email, emailVerified: true, pages: [] };
}

export default function ExtendedTrialPreview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const data: ExtendedTrialData =
    loaderData.mode === "preview"
      ? {
          ...loaderData,
          pages: [
            {
              id: "AB12CD34",
              name: t("extendedTrial.previewExample"),
              status: "draft",
              trialEndsAt: null,
              refusal: null,
            },
          ],
        }
      : loaderData;
  return <ExtendedTrialView data={data} />;
}
