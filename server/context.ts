// What the server hands every page request: typed React Router context shared by loaders and rules.
import { createContext } from "react-router";
import type { ProfileView } from "../contract/profiles";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { Viewer } from "./domain/core";
import type { Logger } from "./logger";

export type AppServices = {
  config: Config;
  db: Database;
  logger: Logger;
  buildId: string;
};

export type RequestInfo = {
  requestId: string;
  /** The CSP nonce of this response; every inline script and style carries it. */
  nonce: string;
  logger: Logger;
};

export const servicesContext = createContext<AppServices>();
export const requestContext = createContext<RequestInfo>();

/** Who is viewing the page (server/http/auth.ts: resolveViewer); null for anonymous visitors. */
export const viewerContext = createContext<Viewer | null>(null);

/** The profile of a /k/{id} page, found once by the `profile` rule for the loader. */
export const profileContext = createContext<ProfileView | null>(null);
