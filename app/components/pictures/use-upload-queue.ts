// The album editor's uploads: every chosen photo in a queue of its own, a few sent at a time, each with
// its progress, and each that failed kept with its reason until it is sent again (retry) or let go.
import { useCallback, useEffect, useRef, useState } from "react";
import { acceptedImageTypes } from "../../../contract/image-values";
import { maxPhotoUploadBytes } from "../../../contract/photo-values";
import type { Failure } from "../../lib/failure";
import { PhotoUploadError, uploadPhoto } from "../../lib/upload-photo";

/** Photos sent at once: enough to keep a phone's connection busy, few enough for the server's queue. */
export const uploadsAtOnce = 3;
/** A busy server's 503 is sent again after about this long, up to this many times (some minutes). */
const resendAfterMs = 2000;
const maxResends = 60;

export type UploadState = "waiting" | "sending" | "done" | "failed";

/** Why an upload failed, for the screen to say in the viewer's language. */
export type UploadProblem =
  | { kind: "offline" }
  | { kind: "too-large" }
  | { kind: "not-a-photo" }
  | { kind: "too-many" }
  | { kind: "server" }
  | { kind: "refused"; failure: Failure };

export type UploadItem = {
  key: string;
  file: File;
  albumId?: string;
  state: UploadState;
  progress: number;
  problem?: UploadProblem;
  /** How often the server asked for it again later (503). */
  resent?: number;
};

function problemOf(error: unknown): UploadProblem {
  if (!(error instanceof PhotoUploadError)) return { kind: "server" };
  const { status, failure } = error;
  if (status === 0) return { kind: "offline" };
  if (failure.refusal) return { kind: "refused", failure };
  if (status === 413) return { kind: "too-large" };
  if (status === 429) return { kind: "too-many" };
  if (status === 400 && failure.fields.image) return { kind: "not-a-photo" };
  if (status >= 500) return { kind: "server" };
  return { kind: "refused", failure };
}

/** What the browser can tell before sending: too large, or not a photo by its declared type. */
function localProblem(file: File): UploadProblem | undefined {
  if (file.size > maxPhotoUploadBytes) return { kind: "too-large" };
  const types: readonly string[] = acceptedImageTypes;
  // An unknown type (some phones send none) is left to the server, which decides by the bytes.
  if (file.type && !types.includes(file.type)) return { kind: "not-a-photo" };
  return undefined;
}

let counter = 0;

export function useUploadQueue({
  baseURL,
  profileId,
  onUploaded,
}: {
  baseURL: string;
  profileId: string;
  /** After each photo stored: the page's data loads again. */
  onUploaded: () => void;
}) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const sending = useRef(new Set<string>());
  const uploaded = useRef(onUploaded);
  useEffect(() => {
    uploaded.current = onUploaded;
  });

  const update = (key: string, patch: Partial<UploadItem>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));

  const send = useCallback(
    (item: UploadItem) => {
      sending.current.add(item.key);
      update(item.key, { state: "sending", progress: 0, problem: undefined });
      uploadPhoto({
        baseURL,
        profileId,
        albumId: item.albumId,
        file: item.file,
        onProgress: (progress) => update(item.key, { progress }),
      }).then(
        () => {
          sending.current.delete(item.key);
          update(item.key, { state: "done", progress: 1 });
          uploaded.current();
        },
        (error: unknown) => {
          // The server's places for uploads are taken (503): it goes back in line and is sent again
          // shortly, by itself; only a server that stays full for long fails it.
          if (error instanceof PhotoUploadError && error.status === 503 && (item.resent ?? 0) < maxResends) {
            // Shown waiting at once; kept out of the next sends (its key stays in `sending`) until then.
            update(item.key, { state: "waiting", progress: 0 });
            setTimeout(
              () => {
                sending.current.delete(item.key);
                update(item.key, { resent: (item.resent ?? 0) + 1 });
              },
              resendAfterMs + Math.random() * 1000,
            );
            return;
          }
          sending.current.delete(item.key);
          update(item.key, { state: "failed", problem: problemOf(error) });
        },
      );
    },
    [baseURL, profileId],
  );

  // Starts waiting photos while fewer than uploadsAtOnce are on their way.
  useEffect(() => {
    const free = uploadsAtOnce - sending.current.size;
    if (free <= 0) return;
    items
      .filter((item) => item.state === "waiting" && !sending.current.has(item.key))
      .slice(0, free)
      .forEach(send);
  }, [items, send]);

  const add = useCallback((files: readonly File[], albumId?: string) => {
    const added = files.map((file): UploadItem => {
      const problem = localProblem(file);
      counter += 1;
      return {
        key: `upload-${counter}`,
        file,
        albumId,
        state: problem ? "failed" : "waiting",
        progress: 0,
        problem,
      };
    });
    setItems((current) => [...current, ...added]);
  }, []);

  const retry = useCallback(
    (key: string) => update(key, { state: "waiting", problem: undefined, resent: 0 }),
    [],
  );
  const dismiss = useCallback(
    (key: string) => setItems((current) => current.filter((item) => item.key !== key)),
    [],
  );
  /** Clears the finished ones from the list (the photos are in their albums). */
  const clearDone = useCallback(
    () => setItems((current) => current.filter((item) => item.state !== "done")),
    [],
  );

  return { items, add, retry, dismiss, clearDone };
}
