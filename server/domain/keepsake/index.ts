// The feature's face (ADR 023): the keepsake the family keeps (decisions "A page that lasts as long as
// the grave"; ADR 045). Above profiles, pictures and memories, whose reads it uses; below lifecycle,
// whose sweep sends its e-mail when a page goes to rest.
export { keepsakeContent, type KeepsakeContent } from "./content";
export { bookFileName, keepsakeZip } from "./archive";
export { memorialBook } from "./book";
export {
  keepsakeLink,
  keepsakeLinksPerHour,
  keepsakeRestingAction,
  sendKeepsakeLinks,
  sendKeepsakeRestingNotices,
  type KeepsakeNoticeDeps,
} from "./notices";
