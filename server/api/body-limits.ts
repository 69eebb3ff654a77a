// How large a request body each API call takes: 1 MB, but for the few calls that carry a file or a
// long text. A larger body is refused with 413 and a JSON error before any handler reads it.
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { errorCodes } from "../../contract/errors";
import { memoryPhotoMaxBytes } from "../../contract/memory-values";
import { maxPhotosPerMemory } from "../../contract/photo-values";
import { errorBody } from "../http/errors";
import { bgMaxImportBodyBytes, bgMaxImportPath } from "./invoicing/admin-bgmax";
import {
  addressLabelsBodyBytes,
  addressLabelsPdfPath,
  addressLabelsPreviewPath,
} from "./print/admin-address-labels";
import { photoUploadBodyBytes, photoUploadPath } from "./pictures/photos";
import { imageUploadBodyBytes, imageUploadPath } from "./profiles/images";
import { clipUploadPath } from "./videos/videos";

export const maxBodyBytes = 1024 * 1024;

const memoryPostPath = "/api/memories";
const memoryPostBodyBytes = maxPhotosPerMemory * memoryPhotoMaxBytes + 256 * 1024;

const limitTo = (maxSize: number, words: string) =>
  bodyLimit({
    maxSize,
    onError: (c) =>
      c.json(errorBody(errorCodes.payloadTooLarge, `The request body is larger than ${words}.`), 413),
  });

export function bodyLimits(): MiddlewareHandler {
  const defaultLimit = limitTo(maxBodyBytes, "1 MB");
  // A portrait or cover: a 10 MB image with its multipart framing.
  const uploadLimit = limitTo(imageUploadBodyBytes, "10 MB");
  // A family's photo: up to 25 MB with its multipart framing.
  const photoLimit = limitTo(photoUploadBodyBytes, "25 MB");
  // A BgMax payment file is sent as the body itself, up to 5 MB.
  const bgMaxLimit = limitTo(bgMaxImportBodyBytes, "5 MB");
  // The address PDF maker takes up to 5,000,000 characters of pasted text or CSV in its JSON body.
  const addressLabelsLimit = limitTo(addressLabelsBodyBytes, "16 MB");
  const addressLabelsPaths = new Set([addressLabelsPreviewPath, addressLabelsPdfPath]);
  // A visitor's memory with its photos: a few of 10 MB each, with the text and the framing.
  const memoryLimit = limitTo(memoryPostBodyBytes, "30 MB");
  return (c, next) => {
    if (c.req.method === "POST" && c.req.path === memoryPostPath) return memoryLimit(c, next);
    if (c.req.method === "POST" && c.req.path === imageUploadPath) return uploadLimit(c, next);
    // A video clip (up to 500 MB) is streamed to the disk by its handler, which counts and refuses
    // past the limit with its own refusal (video.too-large).
    if (c.req.method === "POST" && c.req.path === clipUploadPath) return next();
    if (c.req.method === "POST" && c.req.path === photoUploadPath) return photoLimit(c, next);
    if (c.req.method === "POST" && c.req.path === bgMaxImportPath) return bgMaxLimit(c, next);
    if (c.req.method === "POST" && addressLabelsPaths.has(c.req.path)) return addressLabelsLimit(c, next);
    return defaultLimit(c, next);
  };
}
