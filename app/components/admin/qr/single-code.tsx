// One page's code in the QR manager, as it will print: its image in a chosen size and margin, and its
// download as SVG or PNG.
import { useId, useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import type { QrLevel } from "../../../../contract/qr";
import { apiHref } from "../../../lib/api";
import { buttonClass } from "../../button";
import { SelectField } from "../../select-field";

export type ImageOptions = { size: number; margin: number; level: QrLevel };

const sizes = [256, 512, 1024, 2048];
const margins = [0, 1, 2, 4, 8];

function imagePath(id: string, format: "svg" | "png", { size, margin, level }: ImageOptions): string {
  return apiHref("/admin/qr/{file}", { params: { file: `${id}.${format}` }, query: { size, margin, level } });
}

export function SingleCode({
  id,
  options,
  onOptions,
}: {
  id: string;
  options: ImageOptions;
  onOptions: (update: (before: ImageOptions) => ImageOptions) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const preview = imagePath(id, "svg", options);
  // The address whose image failed to load; another choice of page or options tries again.
  const [failedFor, setFailedFor] = useState<string | null>(null);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 lg:sticky lg:top-4 lg:self-start">
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        {t("adminQr.single.heading", { id })}
      </h2>
      <div className="relative mx-auto aspect-square w-full max-w-64 rounded-[var(--radius-card)] border border-line bg-white p-2">
        <img
          key={preview}
          src={preview}
          alt={t("adminQr.single.alt", { id })}
          className="size-full"
          onError={() => setFailedFor(preview)}
        />
        {failedFor === preview && (
          <p
            role="alert"
            className="absolute inset-0 grid place-items-center bg-white p-4 text-center text-sm text-danger"
          >
            {t("adminQr.single.failed")}
          </p>
        )}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          label={t("adminQr.single.size")}
          name="qr-size"
          value={String(options.size)}
          onChange={(event) => onOptions((before) => ({ ...before, size: Number(event.target.value) }))}
          options={sizes.map((size) => ({
            value: String(size),
            label: t("adminQr.single.pixels", { size }),
          }))}
        />
        <SelectField
          label={t("adminQr.single.margin")}
          name="qr-margin"
          value={String(options.margin)}
          onChange={(event) => onOptions((before) => ({ ...before, margin: Number(event.target.value) }))}
          options={margins.map((margin) => ({
            value: String(margin),
            label: t("adminQr.single.modules", { count: margin }),
          }))}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <a
          href={imagePath(id, "svg", options)}
          download={`kammare-${id}.svg`}
          className={buttonClass("secondary")}
        >
          {t("adminQr.single.svg")}
        </a>
        <a
          href={imagePath(id, "png", options)}
          download={`kammare-${id}.png`}
          className={buttonClass("secondary")}
        >
          {t("adminQr.single.png")}
        </a>
      </div>
    </section>
  );
}
