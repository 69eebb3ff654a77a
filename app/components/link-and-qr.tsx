// A link to hand on, and its QR code: the owner's share panel and the partner's referral panel show
// both the same way (a read-only field that selects itself, a button beside it; the code with its
// downloads below it).
import { useId, type ReactNode } from "react";
import { buttonClass } from "./button";

/** The link in a read-only field that selects itself when focused, with `action` (a copy button) beside it. */
export function LinkField({
  label,
  value,
  describedBy,
  action,
}: {
  label: string;
  value: string;
  describedBy?: string;
  action: ReactNode;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          readOnly
          value={value}
          aria-describedby={describedBy}
          onFocus={(event) => event.currentTarget.select()}
          className="min-h-11 w-full min-w-0 rounded-[var(--radius-control)] border border-line bg-surface px-3 font-mono text-sm"
        />
        {action}
      </div>
    </>
  );
}

export type QrDownload = { href: string; filename: string; label: string };

/** The QR code as an image (176 px, on white), named for screen readers, with its files to download. */
export function QrFigure({
  src,
  alt,
  caption,
  downloads,
}: {
  src: string;
  alt: string;
  caption: string;
  downloads: QrDownload[];
}) {
  return (
    <figure className="flex flex-col items-center gap-3 sm:w-44">
      <img
        src={src}
        alt={alt}
        width={176}
        height={176}
        className="size-44 rounded-[var(--radius-control)] border border-line bg-white"
      />
      <figcaption className="sr-only">{caption}</figcaption>
      <div className="flex flex-wrap justify-center gap-1">
        {downloads.map((download) => (
          <a
            key={download.href}
            href={download.href}
            download={download.filename}
            className={buttonClass("ghost", "px-3")}
          >
            {download.label}
          </a>
        ))}
      </div>
    </figure>
  );
}
