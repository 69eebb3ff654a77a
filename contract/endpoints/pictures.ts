// A life in pictures, the family's side (decisions "A life in pictures"): a page's albums and photos
// as its owner and editors arrange them, and the ZIP of every original.
import {
  albumAnswerSchema,
  createAlbumRequestSchema,
  deletedAnswerSchema,
  familyPhotosQuerySchema,
  familyPhotosSchema,
  familyPhotoSchema,
  orderAlbumsRequestSchema,
  orderPhotosRequestSchema,
  photoAnswerSchema,
  photosDownloadQuerySchema,
  updateAlbumRequestSchema,
  updatePhotoRequestSchema,
} from "../photos";
import { z } from "../zod";
import type { Endpoint } from "./endpoint";

const refusals = {
  400: { description: "A field is missing or wrong (the answer names it)" },
  403: { description: "Not the page's owner, one of its editors or an admin; or the page is suspended" },
  404: { description: "No such page, album or photo" },
} as const;

export const picturesEndpoints = [
  {
    method: "get",
    path: "/api/kammare/photos",
    summary:
      "The page's albums in order, each with its photos in order, and the photos held against the limit.",
    auth: true,
    query: familyPhotosQuerySchema,
    responses: { 200: { description: "The albums", schema: familyPhotosSchema }, ...refusals },
  },
  {
    method: "post",
    path: "/api/kammare/photos",
    summary:
      "Adds a photo as multipart/form-data: `profileId`, `albumId` (optional: the page's first album, made " +
      "in the uploader's language when there is none) and the file `image` (JPEG, PNG or WebP by content, at " +
      "most 25 MB). The original is kept for the family's download; the page shows it upright, stripped of " +
      "metadata, as AVIF and WebP 320, 640, 1280 and 2048 px wide (never wider than the original).",
    auth: true,
    responses: {
      201: { description: "Stored", schema: photoAnswerSchema },
      ...refusals,
      409: { description: "photos.page-full: the page holds PHOTOS_PER_PAGE photos already" },
      413: { description: "The photo is larger than 25 MB" },
      429: { description: "Too many uploads (200 in 10 minutes; Retry-After)" },
      503: { description: "Other photos are being made: send it again after Retry-After seconds" },
    },
  },
  {
    method: "get",
    path: "/api/kammare/photos/download",
    summary:
      "Every original of the page's albums as one ZIP (application/zip, streamed, stored uncompressed), " +
      "named `Album title/001 caption.jpg` in the albums' and photos' order.",
    auth: true,
    query: photosDownloadQuerySchema,
    responses: { 200: { description: "The ZIP" }, ...refusals },
  },
  {
    method: "post",
    path: "/api/kammare/photos/order",
    summary: "Puts an album's photos in a new order: `photoIds` names every photo of the album once.",
    auth: true,
    request: orderPhotosRequestSchema,
    responses: {
      200: {
        description: "The album's photos in order",
        schema: z.object({ photos: z.array(familyPhotoSchema) }),
      },
      ...refusals,
    },
  },
  {
    method: "patch",
    path: "/api/kammare/photos/{photoId}",
    summary:
      "Changes a photo's caption (up to 300 characters), when it was taken (1962, 1962-06, 1962-06-21 or " +
      "empty) or its album (another of the same page: it goes to the end).",
    auth: true,
    request: updatePhotoRequestSchema,
    responses: { 200: { description: "The photo", schema: photoAnswerSchema }, ...refusals },
  },
  {
    method: "delete",
    path: "/api/kammare/photos/{photoId}",
    summary: "Deletes a photo with its files.",
    auth: true,
    responses: { 200: { description: "Deleted", schema: deletedAnswerSchema }, ...refusals },
  },
  {
    method: "post",
    path: "/api/kammare/albums",
    summary: "Adds an album at the end of the page's albums.",
    auth: true,
    request: createAlbumRequestSchema,
    responses: { 201: { description: "Made", schema: albumAnswerSchema }, ...refusals },
  },
  {
    method: "post",
    path: "/api/kammare/albums/order",
    summary: "Puts the page's albums in a new order: `albumIds` names every album of the page once.",
    auth: true,
    request: orderAlbumsRequestSchema,
    responses: {
      200: { description: "Ordered", schema: z.object({ ordered: z.literal(true) }) },
      ...refusals,
    },
  },
  {
    method: "patch",
    path: "/api/kammare/albums/{albumId}",
    summary: "Renames an album or chooses its cover (one of its own photos, or null for none).",
    auth: true,
    request: updateAlbumRequestSchema,
    responses: { 200: { description: "The album", schema: albumAnswerSchema }, ...refusals },
  },
  {
    method: "delete",
    path: "/api/kammare/albums/{albumId}",
    summary: "Deletes an album with every photo in it and their files.",
    auth: true,
    responses: { 200: { description: "Deleted", schema: deletedAnswerSchema }, ...refusals },
  },
] as const satisfies readonly Endpoint[];
