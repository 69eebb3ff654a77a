// Whether the page is being rendered for the static copy (`npm run export:static`, ADR 046): files a
// plain web host serves after this service is gone, so nothing in it may need this server (no
// scripts, no forms, no links to screens that are not copied).
import { useRootData } from "./root-data";

export function useStaticCopy(): boolean {
  return useRootData()?.staticCopy === true;
}
