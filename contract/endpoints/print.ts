// The print tools' calls: the address PDF maker's labels and envelopes, and the QR manager's codes.
import {
  addressLabelsErrorSchema,
  addressLabelsPreviewSchema,
  addressLabelsRequestSchema,
  awaitingPlaquesSchema,
  plaquesSentAnswerSchema,
  plaquesSentRequestSchema,
} from "../address-labels";
import {
  adminQrImageQuerySchema,
  qrBatchListSchema,
  qrProfileListSchema,
  qrProfilesQuerySchema,
  qrSheetRequestSchema,
} from "../qr";
import type { Endpoint } from "./endpoint";

export const printEndpoints = [
  {
    method: "post",
    path: "/api/admin/address-labels/preview",
    summary:
      "The addresses of a pasted text (one block per address, a blank line between), a CSV file's text (a header " +
      "row) or the pages awaiting a plaque, as printed, with the number of sheets (labels-3x8, from startPosition " +
      "1-24) or C5 envelopes and where each address of the first three goes; text up to 5,000,000 characters, up " +
      "to 10,000 addresses (admin only).",
    auth: true,
    request: addressLabelsRequestSchema,
    responses: {
      200: { description: "The preview", schema: addressLabelsPreviewSchema },
      400: {
        description:
          "Bad input: fields names each bad block or row and field (blocks.2.city, rows.3.postcode; text for the " +
          "whole), problems lists them with their message names; nothing is made",
        schema: addressLabelsErrorSchema,
      },
    },
  },
  {
    method: "post",
    path: "/api/admin/address-labels.pdf",
    summary:
      "The A4 PDF of the addresses (the same body as the preview): 3 x 8 labels of 70 x 37 mm from startPosition, " +
      "or one C5 envelope per address; as an attachment (admin only).",
    auth: true,
    request: addressLabelsRequestSchema,
    responses: {
      200: { description: "application/pdf, as an attachment" },
      400: { description: "As the preview's 400; no PDF is made", schema: addressLabelsErrorSchema },
    },
  },
  {
    method: "get",
    path: "/api/admin/address-labels/awaiting",
    summary:
      "The pages whose plaque awaits mailing: paid for, made for their owner (not printed in a batch), plaque not " +
      "yet sent, the longest waiting first, with the address of the newest invoice of the page's orders (null " +
      "when none has one, as for a card payment) (admin only).",
    auth: true,
    responses: { 200: { description: "The list, at most 10,000", schema: awaitingPlaquesSchema } },
  },
  {
    method: "post",
    path: "/api/admin/address-labels/plaques-sent",
    summary:
      "Marks the pages' plaques as mailed, in one transaction (admin only, audited); a page marked before keeps " +
      "its date.",
    auth: true,
    request: plaquesSentRequestSchema,
    responses: {
      200: { description: "How many were marked now", schema: plaquesSentAnswerSchema },
      400: { description: "profileIds is not a list of 1 to 10,000 page codes (named in fields)" },
      404: { description: "A code names no page (named in fields); nothing is marked" },
    },
  },
  {
    method: "get",
    path: "/api/admin/qr/{file}",
    summary:
      "Any page's QR code (PUBLIC_URL/k/{id}) as a file: {file} is the page's code and .svg or .png " +
      "(K7M2P9QX.svg); size (64-2048), margin (0-16 modules) and level (Q or H) (admin only).",
    auth: true,
    query: adminQrImageQuerySchema,
    responses: {
      200: { description: "The image (image/svg+xml or image/png), as an attachment" },
      400: { description: "A bad code, format, size, margin or level (named in fields)" },
      404: { description: "There is no page with this code" },
    },
  },
  {
    method: "get",
    path: "/api/admin/qr/batches",
    summary:
      "The 50 newest batches of unclaimed pages (POST /api/admin/profiles), each with how many pages are still " +
      "unclaimed and how many have their code printed, who made it and for which partner (admin only).",
    auth: true,
    responses: { 200: { description: "The batches, newest first", schema: qrBatchListSchema } },
  },
  {
    method: "get",
    path: "/api/admin/qr/profiles",
    summary:
      "The pages of a batch (batch; unclaimed=1 for its unclaimed ones) and/or a search (q: a code's start, or " +
      "an owner's e-mail with @), by code, the first 1,000 with the total, each with when its code was first " +
      "printed (admin only).",
    auth: true,
    query: qrProfilesQuerySchema,
    responses: {
      200: { description: "The pages", schema: qrProfileListSchema },
      400: { description: "Neither batch nor q, or a bad one (named in fields)" },
      404: { description: "There is no batch with this id" },
    },
  },
  {
    method: "post",
    path: "/api/admin/qr/sheet",
    summary:
      "The A4 print sheet PDF of up to 1,000 codes (4 x 5 a page, vector codes with the id under each and crop " +
      "marks), of the pages named (source ids) or of a batch's pages by code, all or the unclaimed, in parts of " +
      "1,000 (source batch); level Q or H. Marks the pages as printed (a page printed before keeps its first " +
      "date), audited (admin only).",
    auth: true,
    request: qrSheetRequestSchema,
    responses: {
      200: { description: "application/pdf, as an attachment; X-Codes says how many codes it holds" },
      400: {
        description: "Bad input, or nothing to print in that part (named in fields); nothing is marked",
      },
      404: {
        description: "A code names no page, or no batch has batchId (named in fields); nothing is marked",
      },
    },
  },
] as const satisfies readonly Endpoint[];
