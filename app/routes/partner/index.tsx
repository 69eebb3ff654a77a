// /partner: only sends on: a signed-in partner to the dashboard, anyone else to the partner sign-in.
import { redirect } from "react-router";
import { hasRole, viewerContext } from "../../lib/services.server";
import type { Route } from "./+types/index";

export function loader({ context }: Route.LoaderArgs) {
  throw redirect(hasRole(context.get(viewerContext), "partner") ? "/partner/dashboard" : "/partner/signin");
}

export default function PartnerIndex() {
  return null;
}
