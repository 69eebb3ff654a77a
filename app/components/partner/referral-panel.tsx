// The partner's referral link to copy and its QR code to look at and download (PNG for print shops
// and screens, SVG for designers), like the owner's share panel of a page.
import { useId, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { apiHref } from "../../lib/api";
import { copyLink } from "../../lib/share";
import { Button } from "../button";
import { LinkField, QrFigure } from "../link-and-qr";

const qrPath = (format: "svg" | "png", query: { size?: number; download?: "1" } = {}) =>
  apiHref(`/partner/referral-qr.${format}` as const, { query });

export function ReferralPanel({ link, slug }: { link: string; slug: string }) {
  const { t } = useTranslation();
  const hintId = useId();
  const [said, setSaid] = useState("");
  return (
    <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <LinkField
          label={t("partner.link.label")}
          value={link}
          describedBy={hintId}
          action={
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
          }
        />
        <p id={hintId} className="text-sm text-muted">
          {t("partner.link.hint")}
        </p>
        <p role="status" className="min-h-5 text-sm font-medium text-success">
          {said}
        </p>
      </div>
      <QrFigure
        src={qrPath("svg")}
        alt={t("partner.link.qrAlt", { url: link })}
        caption={t("partner.link.qrCaption")}
        downloads={[
          {
            href: qrPath("png", { size: 1024, download: "1" }),
            filename: `kammare-${slug}-qr.png`,
            label: t("partner.link.downloadPng"),
          },
          {
            href: qrPath("svg", { download: "1" }),
            filename: `kammare-${slug}-qr.svg`,
            label: t("partner.link.downloadSvg"),
          },
        ]}
      />
    </div>
  );
}
