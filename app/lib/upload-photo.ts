// POST /api/kammare/photos from the browser with progress (XMLHttpRequest: fetch reports no upload
// progress), as uploadImage does for portraits: multipart form, the stored session's bearer token.
import type { FamilyPhoto } from "../../contract/photos";
import { apiFormAction } from "./api";
import { failureOf, type Failure } from "./failure";

/** Why a photo's upload failed: the answer's status (0 when no answer came) and what it said. */
export class PhotoUploadError extends Error {
  constructor(
    readonly status: number,
    readonly failure: Failure,
  ) {
    super(`photo upload failed (${status})`);
    this.name = "PhotoUploadError";
  }
}

type PhotoUploadOptions = {
  baseURL: string;
  profileId: string;
  albumId?: string;
  file: File;
  /** From 0 to 1, as the bytes leave the browser. */
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
};

export async function uploadPhoto({
  baseURL,
  profileId,
  albumId,
  file,
  onProgress,
  signal,
}: PhotoUploadOptions): Promise<FamilyPhoto> {
  const token = (await import("./stored-session")).readStoredSession()?.access_token;
  const form = new FormData();
  form.set("profileId", profileId);
  if (albumId) form.set("albumId", albumId);
  form.set("image", file, file.name);
  return new Promise<FamilyPhoto>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `${baseURL}${apiFormAction("/kammare/photos")}`);
    if (token) request.setRequestHeader("Authorization", `Bearer ${token}`);
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as { photo?: FamilyPhoto } | null;
      if (request.status >= 200 && request.status < 300 && body?.photo) {
        onProgress(1);
        resolve(body.photo);
        return;
      }
      reject(new PhotoUploadError(request.status, failureOf({ data: request.response as unknown })));
    };
    request.onerror = () => reject(new PhotoUploadError(0, { fields: {} }));
    request.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(form);
  });
}
