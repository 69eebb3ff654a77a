// Memories and candles (ADR 026): a visitor's posts (open; JSON, or a plain form answered with a
// redirect back to the page), the owner's moderation, and the admin's queue of reports.
import {
  decideCandleRequestSchema,
  removeCandleRequestSchema,
  removedCandleAnswerSchema,
  decideMemoryRequestSchema,
  decideMemoryPhotoRequestSchema,
  memoryPhotoAnswerSchema,
  decideReportRequestSchema,
  deleteOwnMemoryRequestSchema,
  lightCandleRequestSchema,
  memoriesQuerySchema,
  memoryPostedSchema,
  memoryReportAnswerSchema,
  memoryReportsQuerySchema,
  memoryReportsSchema,
  memorySettingsAnswerSchema,
  memorySettingsRequestSchema,
  ownerMemoriesQuerySchema,
  ownerCandleAnswerSchema,
  ownerMemoriesSchema,
  ownerMemoryAnswerSchema,
  publicMemoriesSchema,
  replyMemoryRequestSchema,
  reportMemoryRequestSchema,
  writeMemoryRequestSchema,
} from "../memories";
import { z } from "../zod";
import type { Endpoint } from "./endpoint";

const formNote =
  " A plain form (application/x-www-form-urlencoded) is answered 303 to the page, `?memory=` saying the outcome.";
const visitorRefusals = {
  400: {
    description: "A field is wrong (named), the hidden field is filled, or the form is too new or too old",
  },
  403: { description: "Not from the site itself (Origin), or the page does not take it" },
  404: { description: "No live page with this code" },
  429: { description: "Too many from this address or for this page" },
} as const;

export const memoriesEndpoints = [
  {
    method: "get",
    path: "/api/memories",
    summary:
      "A live page's shown memories (each with the photos the family approved), newest first, a page at a time (`before` from `next`), its candles, " +
      "and a form token for the visitor's next post.",
    auth: false,
    query: memoriesQuerySchema,
    responses: {
      200: {
        description: "The memories",
        schema: publicMemoriesSchema.extend({ formToken: z.string() }),
      },
      404: { description: "No live page with this code" },
    },
  },
  {
    method: "post",
    path: "/api/memories",
    summary:
      "A visitor writes a memory: shown at once on an `open` page, waiting for the owner on a `review` one." +
      formNote +
      " The page's form is multipart/form-data with up to 3 photos in `photos` (JPEG, PNG or WebP, 10 MB " +
      "each); they wait for the family's approval whatever the page's setting.",
    auth: false,
    request: writeMemoryRequestSchema,
    responses: {
      201: { description: "Kept", schema: memoryPostedSchema },
      ...visitorRefusals,
      413: { description: "The body is larger than 3 photos of 10 MB" },
    },
  },
  {
    method: "post",
    path: "/api/memories/candles",
    summary:
      "A visitor lights a candle (a name is optional, without links unless the page allows them); pages' " +
      "counts follow within seconds, the name at once on an `open` page and once approved otherwise." +
      formNote,
    auth: false,
    request: lightCandleRequestSchema,
    responses: { 204: { description: "Lit" }, ...visitorRefusals },
  },
  {
    method: "post",
    path: "/api/memories/reports",
    summary:
      "A visitor reports a shown memory to the site's admins, once per address; a memory has one open " +
      "report, which counts the addresses." +
      formNote,
    auth: false,
    request: reportMemoryRequestSchema,
    responses: {
      204: { description: "Reported" },
      ...visitorRefusals,
      409: { description: "Reported from this address already" },
    },
  },
  {
    method: "post",
    path: "/api/memories/delete-own",
    summary: "The writer deletes their own memory with the link they were sent." + formNote,
    auth: false,
    request: deleteOwnMemoryRequestSchema,
    responses: {
      200: { description: "Deleted", schema: z.object({ profileId: z.string() }) },
      400: { description: "invalid_token: the link is not valid or was used" },
    },
  },
  {
    method: "get",
    path: "/api/kammare/memories",
    summary:
      "Every memory of a page (removed ones only when asked by `state`), counts per state, candles and settings: for its owner or an admin.",
    auth: true,
    query: ownerMemoriesQuerySchema,
    responses: {
      200: { description: "The memories", schema: ownerMemoriesSchema },
      403: { description: "Not the page's owner" },
      404: { description: "No page with this code" },
    },
  },
  {
    method: "post",
    path: "/api/kammare/memories/decision",
    summary: "The owner shows, hides or removes a memory.",
    auth: true,
    request: decideMemoryRequestSchema,
    responses: {
      200: { description: "Decided", schema: ownerMemoryAnswerSchema },
      404: { description: "No such memory of the viewer's pages" },
    },
  },
  {
    method: "post",
    path: "/api/kammare/memories/photos",
    summary:
      "The owner (or an editor) shows a visitor's photo with its memory, or removes it with its files.",
    auth: true,
    request: decideMemoryPhotoRequestSchema,
    responses: {
      200: { description: "Decided", schema: memoryPhotoAnswerSchema },
      404: { description: "No such photo on the viewer's pages" },
    },
  },
  {
    method: "post",
    path: "/api/kammare/memories/reply",
    summary: "The owner replies to a memory (an empty reply takes it away); a shown reply shows on the page.",
    auth: true,
    request: replyMemoryRequestSchema,
    responses: {
      200: { description: "Saved", schema: ownerMemoryAnswerSchema },
      404: { description: "No such memory of the viewer's pages" },
    },
  },
  {
    method: "post",
    path: "/api/kammare/candles/decision",
    summary: "The owner shows or hides a candle's name (the candle stays counted).",
    auth: true,
    request: decideCandleRequestSchema,
    responses: {
      200: { description: "Decided", schema: ownerCandleAnswerSchema },
      404: { description: "No such named candle of the viewer's pages" },
    },
  },
  {
    method: "post",
    path: "/api/kammare/candles/remove",
    summary:
      "The page's owner (an editor, an admin) removes a candle: it no longer counts, and its name goes with it.",
    auth: true,
    request: removeCandleRequestSchema,
    responses: {
      200: { description: "Removed", schema: removedCandleAnswerSchema },
      404: { description: "No such candle of the viewer's pages" },
    },
  },
  {
    method: "put",
    path: "/api/kammare/memory-settings",
    summary:
      "The page's moderation (`review`, `open`, `off`), candles on or off, links in memories allowed or not.",
    auth: true,
    request: memorySettingsRequestSchema,
    responses: {
      200: { description: "Saved", schema: memorySettingsAnswerSchema },
      403: { description: "Not the page's owner" },
      404: { description: "No page with this code" },
    },
  },
  {
    method: "get",
    path: "/api/admin/memory-reports",
    summary:
      "The reports of memories (open ones unless `state` says otherwise), with counts per state (admin only).",
    auth: true,
    query: memoryReportsQuerySchema,
    responses: { 200: { description: "The reports", schema: memoryReportsSchema } },
  },
  {
    method: "post",
    path: "/api/admin/memory-reports/decision",
    summary:
      "An admin hides the reported memory or keeps it (audited); its other open reports are answered too.",
    auth: true,
    request: decideReportRequestSchema,
    responses: {
      200: { description: "Decided", schema: memoryReportAnswerSchema },
      404: { description: "No such report" },
    },
  },
] as const satisfies readonly Endpoint[];
