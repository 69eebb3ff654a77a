// The partner's referral link to copy and its QR code to look at and download (PNG for print shops
// and screens, SVG for designers), like the owner's share panel of a page.
import { useId, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { apiHref } from "../../lib/api";
import { copyLink } from "../../lib/share";
import { Button, buttonClass } from "../button";

const qrPath = (format: "svg" | "png", query: { size?: number; download?: "1" } = {}) =>
  apiHref(`/partner/referral-qr.${format}` as const, { query });

export function ReferralPanel({ link, slug }: { link: string; slug: string }) {
  const { t } = useTranslation();
  const linkId = useId();
  const hintId = useId();
  const [said, setSaid] = useState("");
  return (
    <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <label htmlFor={linkId} className="text-sm font-medium">
          {t("partner.link.label")}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id={linkId}
            readOnly
            value={link}
            aria-describedby={hintId}
            onFocus={(event) => event.currentTarget.select()}
            className="min-h-11 w-full min-w-0 rounded-[var(--radius-control)] border border-line bg-surface px-3 font-mono text-sm"
          />
          <Button
            variant="secondary"
            className="whitespace-nowrap"
            onClick={() =>
              void copyLink(link).then((result) =>
                setSaid(result === "copied" ? t("partner.link.copied") : t("partner.link.copyFailed")),
              )
            }
          >
            {t("partner.link.copy")}
          </Button>
        </div>
        <p id={hintId} className="text-sm text-muted">
          {t("partner.link.hint")}
        </p>
        <p role="status" className="min-h-5 text-sm font-medium text-success">
          {said}
        </p>
      </div>
      <figure className="flex flex-col items-center gap-3 sm:w-44">
        <img
          src={qrPath("svg")}
          alt={t("partner.link.qrAlt", { url: link })}
          width={176}
          height={176}
          className="size-44 rounded-[var(--radius-control)] border border-line bg-white"
        />
        <figcaption className="sr-only">{t("partner.link.qrCaption")}</figcaption>
        <div className="flex flex-wrap justify-center gap-1">
          <a
            href={qrPath("png", { size: 1024, download: "1" })}
            download={`kammare-${slug}-qr.png`}
            className={buttonClass("ghost", "px-3")}
          >
            {t("partner.link.downloadPng")}
          </a>
          <a
            href={qrPath("svg", { download: "1" })}
            download={`kammare-${slug}-qr.svg`}
            className={buttonClass("ghost", "px-3")}
          >
            {t("partner.link.downloadSvg")}
          </a>
        </div>
      </figure>
    </div>
  );
}
