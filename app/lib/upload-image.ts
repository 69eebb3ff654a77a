// POST /api/kammare/images from the browser with progress: XMLHttpRequest, because fetch reports no
// upload progress. Same call, body and auth as the API client (api.ts): multipart form, the stored
// session's bearer token.
import type { ImageKind } from "../../contract/images";
import { apiFormAction } from "./api";

/** Why an upload failed: the answer's status (0 when no answer came) and its error code. */
export class UploadError extends Error {
  constructor(
    readonly status: number,
    readonly code?: string,
  ) {
    super(`image upload failed (${status}${code ? ` ${code}` : ""})`);
    this.name = "UploadError";
  }
}

type UploadOptions = {
  baseURL: string;
  profileId: string;
  kind: ImageKind;
  file: Blob;
  fileName: string;
  /** From 0 to 1, as the bytes leave the browser. */
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
};

/** Uploads the image and answers the address of its largest variant (the value of the image field). */
export async function uploadImage({
  baseURL,
  profileId,
  kind,
  file,
  fileName,
  onProgress,
  signal,
}: UploadOptions): Promise<string> {
  // Loaded with the first upload, as api.ts does: the schema library is not part of the first page load.
  const token = (await import("./stored-session")).readStoredSession()?.access_token;
  const form = new FormData();
  form.set("profileId", profileId);
  form.set("kind", kind);
  form.set("image", file, fileName);
  return new Promise<string>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `${baseURL}${apiFormAction("/kammare/images")}`);
    if (token) request.setRequestHeader("Authorization", `Bearer ${token}`);
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as { image?: { url?: unknown }; error?: { code?: unknown } } | null;
      const url = body?.image?.url;
      if (request.status >= 200 && request.status < 300 && typeof url === "string") {
        onProgress(1);
        resolve(url);
        return;
      }
      const code = body?.error?.code;
      reject(new UploadError(request.status, typeof code === "string" ? code : undefined));
    };
    request.onerror = () => reject(new UploadError(0));
    request.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(form);
  });
}
