// Who is acting: the one shape of a signed-in user that the API, the pages and the domain share.
import type { Role } from "../../../contract/auth";

export type Viewer = {
  id: string;
  email: string;
  roles: Role[];
  /** The session the request came with: kept when its user changes the password, ended at sign-out. */
  sessionId: string;
  /** How the request carried it: the Origin check is stricter for a cookie. */
  via: "bearer" | "cookie";
};

/** What the domain needs to know of whoever acts: the part of the Viewer that decides what they may do. */
export type Actor = Pick<Viewer, "id" | "roles">;

export function hasRole(viewer: Pick<Viewer, "roles"> | null | undefined, role: Role): boolean {
  return !!viewer?.roles.includes(role);
}
