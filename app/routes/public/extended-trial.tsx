// /extended-trial: the 90-day extended trial (the configuration's EXTENDED_TRIAL_DAYS) for a visitor,
// an owner who must verify their e-mail first, or a verified owner choosing a page. The page itself is
// app/components/extended-trial-view.tsx, shared with its preview (/preview/extended-trial).
import { ExtendedTrialView, type ExtendedTrialData } from "../../components/extended-trial-view";
import { servicesContext, trialChoices, viewerContext } from "../../lib/services.server";
import type { Route } from "./+types/extended-trial";

export async function loader({ context }: Route.LoaderArgs): Promise<ExtendedTrialData> {
  const { db, config } = context.get(servicesContext);
  const days = config.EXTENDED_TRIAL_DAYS;
  const viewer = context.get(viewerContext);
  if (!viewer) return { mode: "anonymous", days };
  const { emailVerified, pages } = await trialChoices(db, viewer, "extended");
  return { mode: "owner", days, email: viewer.email, emailVerified, pages };
}

export default function ExtendedTrial({ loaderData }: Route.ComponentProps) {
  return <ExtendedTrialView data={loaderData} />;
}
