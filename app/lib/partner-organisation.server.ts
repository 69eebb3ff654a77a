// The signed-in partner's organisation, looked up once per request: the `partner-name` rule, the
// partner layout's loader and the customers page's loader all need it, and share the one lookup
// (the promise is kept in the request's context, so loaders running side by side wait on it too).
import { createContext, type RouterContextProvider } from "react-router";
import { organisationOf, servicesContext, viewerContext } from "./services.server";

type Organisation = Awaited<ReturnType<typeof organisationOf>>;

const organisationContext = createContext<Promise<Organisation> | null>(null);

export function viewerOrganisation(context: Readonly<RouterContextProvider>): Promise<Organisation> {
  const known = context.get(organisationContext);
  if (known) return known;
  const viewer = context.get(viewerContext);
  const found = viewer ? organisationOf(context.get(servicesContext).db, viewer.id) : Promise.resolve(null);
  context.set(organisationContext, found);
  return found;
}
