// POST /api/kammare/videos/clips from the browser with progress: XMLHttpRequest, because fetch reports
// no upload progress. The body is the file itself (streamed to the server's disk as it arrives), the
// page and the title in the query; the stored session's bearer token, as the API client (api.ts) sends.
import type { Video } from "../../contract/videos";
import type { Failure } from "./failure";
import { apiFormAction } from "./api";
import { failureOf } from "./failure";

/** Why an upload failed: the answer's status (0 when no answer came) and what it said. */
export class VideoUploadError extends Error {
  constructor(
    readonly status: number,
    readonly failure: Failure,
  ) {
    super(`video upload failed (${status}${failure.code ? ` ${failure.code}` : ""})`);
    this.name = "VideoUploadError";
  }
}

type UploadOptions = {
  baseURL: string;
  profileId: string;
  title: string;
  file: Blob;
  /** From 0 to 1, as the bytes leave the browser. */
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
};

/** Uploads the clip and answers it as the server recorded it (waiting for its conversion). */
export async function uploadVideo({
  baseURL,
  profileId,
  title,
  file,
  onProgress,
  signal,
}: UploadOptions): Promise<Video> {
  const token = (await import("./stored-session")).readStoredSession()?.access_token;
  const query = new URLSearchParams({ profileId, ...(title ? { title } : {}) });
  return new Promise<Video>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `${baseURL}${apiFormAction("/kammare/videos/clips")}?${query.toString()}`);
    if (token) request.setRequestHeader("Authorization", `Bearer ${token}`);
    request.setRequestHeader("Content-Type", "application/octet-stream");
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as { video?: Video } | null;
      if (request.status >= 200 && request.status < 300 && body?.video) {
        onProgress(1);
        resolve(body.video);
        return;
      }
      reject(new VideoUploadError(request.status, failureOf({ data: request.response as unknown })));
    };
    request.onerror = () => reject(new VideoUploadError(0, { fields: {} }));
    request.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(file);
  });
}
