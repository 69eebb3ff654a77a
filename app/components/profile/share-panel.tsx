// Everything an owner needs to share their page: the link to copy, the device's share sheet, and
// the QR code to look at and to download as PNG (for screens and print shops) or SVG (for design).
import { useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { apiHref } from "../../lib/api";
import { canShareNatively, copyLink, shareLink, useHydrated } from "../../lib/share";
import { Button } from "../button";
import { LinkField, QrFigure } from "../link-and-qr";

function qrUrl(id: string, format: "svg" | "png", extra: { size?: number; download?: "1" } = {}): string {
  return apiHref("/kammare/profile-qr", { query: { id, format, ...extra } });
}

export function SharePanel({ id, pageUrl, title }: { id: string; pageUrl: string; title: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [said, setSaid] = useState("");
  const say = (result: Awaited<ReturnType<typeof copyLink>>) => {
    if (result === "copied") setSaid(t("profile.copied"));
    else if (result === "failed") setSaid(t("publicPage.copyFailed"));
    else setSaid("");
  };
  return (
    <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
      <div className="flex flex-1 flex-col gap-3">
        <LinkField
          label={t("share.link")}
          value={pageUrl}
          action={
            <Button
              variant="secondary"
              className="whitespace-nowrap"
              onClick={() => void copyLink(pageUrl).then(say)}
            >
              {t("profile.copyLink")}
            </Button>
          }
        />
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
      <QrFigure
        src={qrUrl(id, "svg")}
        alt={t("share.qrAlt", { url: pageUrl })}
        caption={t("share.qrCaption")}
        downloads={[
          {
            href: qrUrl(id, "png", { size: 1024, download: "1" }),
            filename: `kammare-${id}.png`,
            label: t("share.downloadPng"),
          },
          {
            href: qrUrl(id, "svg", { download: "1" }),
            filename: `kammare-${id}.svg`,
            label: t("share.downloadSvg"),
          },
        ]}
      />
    </div>
  );
}
