// A picture chosen and being cropped is part of what the owner means to save: "Save and continue"
// (or the editor's Save) with the crop panel still open uploads it with the crop as it stands, rather
// than saving the page without it. Each image control registers its pending upload here; the form
// flushes them before it reads its fields.
import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from "react";
import type { ImageKind } from "../../contract/images";
import type { ProfileContent } from "../../contract/profiles";

/** Uploads the cropped picture; its address, or null when it failed (the control shows why). */
export type PendingUpload = () => Promise<string | null>;

export type PendingUploads = {
  set: (kind: ImageKind, upload: PendingUpload | null) => void;
  /** Every pending upload done: the new addresses by kind, or null if one failed. */
  flush: () => Promise<Partial<Record<ImageKind, string>> | null>;
};

const PendingUploadsContext = createContext<PendingUploads | null>(null);

/** The form's registry of pending uploads, and the provider its image controls register with. */
export function usePendingUploads(): PendingUploads & {
  Provider: (props: { children: ReactNode }) => ReactNode;
} {
  const pending = useRef(new Map<ImageKind, PendingUpload>());
  return useMemo(() => {
    const registry: PendingUploads = {
      set: (kind, upload) => {
        if (upload) pending.current.set(kind, upload);
        else pending.current.delete(kind);
      },
      flush: async () => {
        const uploaded: Partial<Record<ImageKind, string>> = {};
        for (const [kind, upload] of [...pending.current]) {
          const url = await upload();
          if (url === null) return null;
          uploaded[kind] = url;
        }
        return uploaded;
      },
    };
    const Provider = ({ children }: { children: ReactNode }) => (
      <PendingUploadsContext.Provider value={registry}>{children}</PendingUploadsContext.Provider>
    );
    return { ...registry, Provider };
  }, []);
}

/** Tells the form around this control that a cropped picture waits to be uploaded (or no longer). */
export function useRegisterPendingUpload(kind: ImageKind, upload: PendingUpload | null): void {
  const registry = useContext(PendingUploadsContext);
  useEffect(() => {
    registry?.set(kind, upload);
    return () => registry?.set(kind, null);
  }, [registry, kind, upload]);
}

/** The content fields the uploaded pictures fill. */
export function uploadedImages(
  uploaded: Partial<Record<ImageKind, string>>,
): Partial<Pick<ProfileContent, "portraitImageUrl" | "coverImageUrl">> {
  return {
    ...(uploaded.portrait ? { portraitImageUrl: uploaded.portrait } : {}),
    ...(uploaded.cover ? { coverImageUrl: uploaded.cover } : {}),
  };
}
