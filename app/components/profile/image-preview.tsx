// A page's picture in its upload control, or the empty shape in its place.
import type { ImageKind } from "../../../contract/images";

/** The picture as the page shows it: the portrait as a circle, the cover as a wide banner. */
export function ImagePreview({ kind, value, alt }: { kind: ImageKind; value: string | null; alt: string }) {
  if (kind === "portrait") {
    return value ? (
      <img
        src={value}
        alt={alt}
        width={320}
        height={320}
        className="size-24 shrink-0 rounded-full border border-line object-cover sm:size-28"
      />
    ) : (
      <div
        aria-hidden="true"
        className="flex size-24 shrink-0 items-center justify-center rounded-full border border-line bg-raised text-muted sm:size-28"
      >
        <svg viewBox="0 0 24 24" className="size-10" fill="none" stroke="currentColor" strokeWidth="1.5">
          <circle cx="12" cy="9" r="4" />
          <path d="M4.5 20c1.5-3.5 4.3-5 7.5-5s6 1.5 7.5 5" strokeLinecap="round" />
        </svg>
      </div>
    );
  }
  return value ? (
    <img
      src={value}
      alt={alt}
      width={1600}
      height={600}
      className="aspect-[8/3] w-full rounded-[var(--radius-control)] border border-line object-cover"
    />
  ) : (
    <div
      aria-hidden="true"
      className="flex size-12 items-center justify-center rounded-full bg-raised text-muted"
    >
      <svg viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="1.5">
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <circle cx="9" cy="10" r="1.75" />
        <path d="m4 17 5-4.5 3.5 3 3-2.5L20 17" strokeLinejoin="round" />
      </svg>
    </div>
  );
}
