// Everything an owner needs to share their page: the link to copy, the device's share sheet, and
// the QR code to look at and to download as PNG (for screens and print shops) or SVG (for design).
import { useId, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { apiHref } from "../../lib/api";
import { canShareNatively, copyLink, shareLink, useHydrated } from "../../lib/share";
import { Button, buttonClass } from "../button";

function qrUrl(id: string, format: "svg" | "png", extra: { size?: number; download?: "1" } = {}): string {
  return apiHref("/kammare/profile-qr", { query: { id, format, ...extra } });
}

export function SharePanel({ id, pageUrl, title }: { id: string; pageUrl: string; title: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const linkId = useId();
  const [said, setSaid] = useState("");
  const say = (result: Awaited<ReturnType<typeof copyLink>>) => {
    if (result === "copied") setSaid(t("profile.copied"));
    else if (result === "failed") setSaid(t("publicPage.copyFailed"));
    else setSaid("");
  };
  return (
    <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
      <div className="flex flex-1 flex-col gap-3">
        <label htmlFor={linkId} className="text-sm font-medium">
          {t("share.link")}
        </label>
        <div className="flex gap-2">
          <input
            id={linkId}
            readOnly
            value={pageUrl}
            onFocus={(event) => event.currentTarget.select()}
            className="min-h-11 w-full min-w-0 rounded-[var(--radius-control)] border border-line bg-surface px-3 font-mono text-sm"
          />
          <Button
            variant="secondary"
            className="whitespace-nowrap"
            onClick={() => void copyLink(pageUrl).then(say)}
          >
            {t("profile.copyLink")}
          </Button>
        </div>
        {hydrated && canShareNatively() && (
          <div>
            <Button variant="secondary" onClick={() => void shareLink(pageUrl, title).then(say)}>
              {t("share.sheet")}
            </Button>
          </div>
        )}
        <p role="status" className="min-h-5 text-sm font-medium text-success">
          {said}
        </p>
      </div>
      <figure className="flex flex-col items-center gap-3 sm:w-44">
        <img
          src={qrUrl(id, "svg")}
          alt={t("share.qrAlt", { url: pageUrl })}
          width={176}
          height={176}
          className="size-44 rounded-[var(--radius-control)] border border-line bg-white"
        />
        <figcaption className="sr-only">{t("share.qrCaption")}</figcaption>
        <div className="flex flex-wrap justify-center gap-1">
          <a
            href={qrUrl(id, "png", { size: 1024, download: "1" })}
            download={`kammare-${id}.png`}
            className={buttonClass("ghost", "px-3")}
          >
            {t("share.downloadPng")}
          </a>
          <a
            href={qrUrl(id, "svg", { download: "1" })}
            download={`kammare-${id}.svg`}
            className={buttonClass("ghost", "px-3")}
          >
            {t("share.downloadSvg")}
          </a>
        </div>
      </figure>
    </div>
  );
}
