// The keepsake (decisions "A page that lasts as long as the grave"): the page's ZIP to keep, its
// memorial book, and the links e-mailed before an account is deleted.
import {
  keepsakeBookQuerySchema,
  keepsakeLinksAnswerSchema,
  keepsakeLinksRequestSchema,
  keepsakeQuerySchema,
} from "../keepsake";
import type { Endpoint } from "./endpoint";

const refusals = {
  400: { description: "A field is missing or wrong (the answer names it)" },
  403: {
    description:
      "keepsake.editors-only: not the page's owner, one of its editors or an admin; or the page is suspended",
  },
  404: { description: "No such page" },
} as const;

export const keepsakeEndpoints = [
  {
    method: "get",
    path: "/api/kammare/keepsake",
    summary:
      "The page's keepsake as one ZIP (application/zip, streamed as it is made): `index.html` with `style.css`, " +
      "its fonts and images beside it, a copy of the page that opens from a folder with no server and no " +
      "network (story, chapters, photos, approved memories, candles, dates, place, ceremony); every photo's " +
      "original under `originals/Album title/001 caption.jpg`; and the memorial book `memorial-book-a4.pdf`.",
    auth: true,
    query: keepsakeQuerySchema,
    responses: { 200: { description: "The ZIP" }, ...refusals },
  },
  {
    method: "get",
    path: "/api/kammare/keepsake/book",
    summary:
      "The page's memorial book as a PDF to print (A4 or A5): a cover with the portrait, the story, the " +
      "chapters, the photos and the approved memories, in the site's fonts embedded.",
    auth: true,
    query: keepsakeBookQuerySchema,
    responses: { 200: { description: "The PDF" }, ...refusals },
  },
  {
    method: "post",
    path: "/api/kammare/keepsake/links",
    summary:
      "E-mails the signed-in customer a link to the keepsake of each page they own (asked when they start " +
      "deleting their account: the content goes only when they confirm). At most 3 an hour.",
    auth: true,
    request: keepsakeLinksRequestSchema,
    responses: {
      200: { description: "The pages linked to", schema: keepsakeLinksAnswerSchema },
      400: refusals[400],
      429: { description: "Asked too often (Retry-After)" },
    },
  },
] as const satisfies readonly Endpoint[];
