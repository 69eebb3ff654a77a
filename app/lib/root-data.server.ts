// The root route's loader (app/root.tsx): the viewer, the language, the analytics answer and the public
// configuration every page is rendered with. Apart from the root, so the browser's build has none of it.
import type { LoaderFunctionArgs } from "react-router";
import { readAnalyticsConsent } from "../../contract/consent";
import { resolveLocale } from "../../contract/locale";
import type { RootData } from "./root-data";
import {
  ownedProfileIds,
  publicConfig,
  requestContext,
  servicesContext,
  viewerContext,
} from "./services.server";

export async function rootData({ request, context }: LoaderFunctionArgs): Promise<RootData> {
  const services = context.get(servicesContext);
  const viewer = context.get(viewerContext);
  return {
    viewer: viewer
      ? {
          id: viewer.id,
          email: viewer.email,
          admin: viewer.roles.includes("admin"),
          customer: viewer.roles.includes("customer"),
          ownedProfiles: await ownedProfileIds(services.db, viewer.id),
        }
      : null,
    locale: resolveLocale(request.headers.get("cookie"), request.headers.get("accept-language")),
    consent: readAnalyticsConsent(request.headers.get("cookie")),
    config: publicConfig(services.config),
    buildId: services.buildId,
    staticCopy: context.get(requestContext).staticCopy === true,
  };
}
