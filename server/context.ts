// What the server hands every page request: typed React Router context shared by loaders and rules.
import { createContext } from "react-router";
import type { ProfileView } from "../contract/profiles";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { KeptPages } from "./http/kept-pages";
import type { Viewer } from "./domain/core";
import type { Logger } from "./logger";

export type AppServices = {
  config: Config;
  db: Database;
  logger: Logger;
  buildId: string;
  /** Profile pages' data kept until the profile changes (ADR 047); absent, every render reads it. */
  keptPages?: KeptPages;
  /** Whether this site converts uploaded video clips (ffmpeg found at start). */
  videoUploadsAvailable?: () => Promise<boolean>;
};

export type RequestInfo = {
  requestId: string;
  /** The CSP nonce of this response; every inline script and style carries it. */
  nonce: string;
  logger: Logger;
  /**
   * Origins this page may frame once a visitor asks (a video's player): a loader adds them, and the
   * page's CSP names them in `frame-src` (server/http/security.ts). Empty on almost every page.
   */
  frameOrigins: Set<string>;
  /**
   * A render for the static copy (`npm run export:static`, ADR 046): files any plain host serves, so
   * no scripts and no forms that need this server. Set only by the exporter's own app, never by a request.
   */
  staticCopy?: boolean;
};

export const servicesContext = createContext<AppServices>();
export const requestContext = createContext<RequestInfo>();

/** Who is viewing the page (server/http/auth.ts: resolveViewer); null for anonymous visitors. */
export const viewerContext = createContext<Viewer | null>(null);

/** The profile of a /k/{id} page, found once by the `profile` rule for the loader. */
export const profileContext = createContext<ProfileView | null>(null);

/**
 * The `profile` rule's answer for a private page (ADR 043): true when this viewer is not let in, so
 * the page shows its door (the name, the portrait if allowed, the password field) and nothing else.
 */
export const pageDoorContext = createContext<boolean>(false);

/**
 * A part of a profile page's data that is the same for every viewer: kept (ADR 047) when the app
 * keeps pages' data, read otherwise. Never a viewer's own part (rights, the owner bar's figures).
 */
export function keptPagePart<T>(
  services: Pick<AppServices, "keptPages">,
  profileId: string,
  part: string,
  read: () => Promise<T>,
): Promise<T> {
  return services.keptPages ? services.keptPages.read(profileId, part, read) : read();
}
