// The preview of the address PDF: its first sheets (or envelopes) drawn to scale, each address in the
// label (or window) the PDF puts it in, in sizes relative to the page (container query units), so the
// drawing is the same shape on a phone as on a desktop.
import { useTranslation } from "../../../lib/i18n";
import {
  labelsPerSheet,
  type AddressLabelsPreview,
  type Placement,
} from "../../../../contract/address-labels";

/** A4 in mm; the sheet's 8 rows of 37 mm leave half a millimetre top and bottom, 5 mm each side. */
const a4 = { width: 210, height: 297 };
const sheetInset = { x: 0.5 * (210 - 3 * 70), y: 0.5 * (297 - 8 * 37) };
/** C5 landscape and its window (server/providers/pdf/labels.ts c5AddressBox), in mm from the top left. */
const c5 = { width: 229, height: 162 };
const c5Window = { left: 120, top: 162 - 20 - 45, width: 90, height: 45 };

const percent = (part: number, whole: number) => `${(100 * part) / whole}%`;

export function SheetPreview({ preview }: { preview: AddressLabelsPreview }) {
  const { t } = useTranslation();
  const byPage = new Map<number, Placement[]>();
  for (const placement of preview.placements) {
    byPage.set(placement.page, [...(byPage.get(placement.page) ?? []), placement]);
  }
  const shown = [...byPage.keys()];
  const more = preview.pages - shown.length;
  return (
    <div className="flex flex-col gap-4">
      <ol className="grid grid-cols-1 gap-6 md:grid-cols-2" data-testid="sheet-preview">
        {shown.map((page) => {
          const placements = byPage.get(page) ?? [];
          const name =
            preview.layout === "c5"
              ? t("adminLabels.preview.envelope", { page, pages: preview.pages })
              : t("adminLabels.preview.sheet", { page, pages: preview.pages });
          return (
            <li key={page} className="flex flex-col gap-2">
              <h3 className="text-sm font-semibold text-ink">{name}</h3>
              {preview.layout === "c5" ? (
                <Envelope lines={preview.addresses[placements[0]?.index ?? 0] ?? []} />
              ) : (
                <LabelSheet placements={placements} addresses={preview.addresses} />
              )}
            </li>
          );
        })}
      </ol>
      {more > 0 && <p className="text-sm text-muted">{t("adminLabels.preview.more", { count: more })}</p>}
    </div>
  );
}

function LabelSheet({ placements, addresses }: { placements: Placement[]; addresses: string[][] }) {
  const { t } = useTranslation();
  const at = new Map(placements.map((placement) => [placement.position, placement.index]));
  return (
    <div
      className="relative w-full overflow-hidden rounded-sm border border-line bg-white shadow-sm [container-type:inline-size]"
      style={{ aspectRatio: `${a4.width} / ${a4.height}` }}
    >
      <ol
        className="absolute grid grid-cols-3 grid-rows-8"
        style={{
          left: percent(sheetInset.x, a4.width),
          right: percent(sheetInset.x, a4.width),
          top: percent(sheetInset.y, a4.height),
          bottom: percent(sheetInset.y, a4.height),
        }}
      >
        {Array.from({ length: labelsPerSheet }, (_, slot) => {
          const position = slot + 1;
          const index = at.get(position);
          const lines = index === undefined ? null : (addresses[index] ?? null);
          return (
            <li
              key={position}
              data-position={position}
              className="flex min-w-0 flex-col justify-center overflow-hidden border border-dashed border-line/70 px-[2.4cqw] text-[1.6cqw] leading-[1.2] text-ink"
            >
              <span className="sr-only">
                {lines
                  ? `${t("adminLabels.start.position", { position })}:`
                  : t("adminLabels.preview.emptyLabel", { position })}
              </span>
              {lines?.map((line, number) => (
                <span key={number} className="block break-words">
                  {line}
                </span>
              ))}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function Envelope({ lines }: { lines: string[] }) {
  return (
    <div
      className="relative w-full rounded-sm border border-line bg-white shadow-sm [container-type:inline-size]"
      style={{ aspectRatio: `${c5.width} / ${c5.height}` }}
    >
      <div
        className="absolute flex flex-col rounded-sm border border-dashed border-line p-[1cqw] text-[1.8cqw] leading-[1.2] text-ink"
        style={{
          left: percent(c5Window.left, c5.width),
          top: percent(c5Window.top, c5.height),
          width: percent(c5Window.width, c5.width),
          height: percent(c5Window.height, c5.height),
        }}
        data-position={1}
      >
        {lines.map((line, number) => (
          <span key={number} className="block break-words">
            {line}
          </span>
        ))}
      </div>
    </div>
  );
}
