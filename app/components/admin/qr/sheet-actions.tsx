// The QR manager's print sheet: the error correction level, how many codes on how many A4 sheets, and
// the download (in parts of 1,000 codes for a large batch).
import { useTranslation } from "../../../lib/i18n";
import { codesPerSheet, maxSheetCodes, type QrLevel } from "../../../../contract/qr";
import { Button } from "../../button";
import { RadioGroup } from "../../radio-group";
import { Card } from "../../card";
import { formatNumber } from "../../../lib/format";

export function SheetActions({
  total,
  parts,
  busyPart,
  level,
  onLevel,
  onPrint,
  loading,
  search,
}: {
  total: number;
  parts: number;
  busyPart: number | null;
  level: QrLevel;
  onLevel: (level: QrLevel) => void;
  onPrint: (part: number) => void;
  loading: boolean;
  search: boolean;
}) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, i18n.language);
  // A search prints the pages it lists (the first 1,000); a batch prints all, in parts.
  const codes = search ? Math.min(total, maxSheetCodes) : total;
  const sheets = Math.ceil(codes / codesPerSheet);
  return (
    <Card className="flex flex-col gap-4 p-4">
      <RadioGroup
        label={t("adminQr.level.label")}
        hint={t("adminQr.level.hint")}
        name="qr-level"
        inline
        value={level}
        onChange={(value) => onLevel(value as QrLevel)}
        options={[
          { value: "Q", label: t("adminQr.level.Q") },
          { value: "H", label: t("adminQr.level.H") },
        ]}
      />
      <p className="text-sm text-ink" aria-live="polite">
        {loading
          ? t("adminQr.sheet.counting")
          : total === 0
            ? t("adminQr.sheet.nothing")
            : t("adminQr.sheet.summary", {
                codes: t("adminQr.sheet.codes", {
                  count: codes,
                  formatted: number(codes),
                }),
                sheets: t("adminQr.sheet.sheets", { count: sheets, formatted: number(sheets) }),
              })}
      </p>
      <div className="flex flex-wrap gap-3">
        {parts <= 1 ? (
          <Button onClick={() => onPrint(1)} busy={busyPart === 1} disabled={loading || total === 0}>
            {busyPart === 1 ? t("adminQr.sheet.busy") : t("adminQr.sheet.download")}
          </Button>
        ) : (
          Array.from({ length: parts }, (_, index) => {
            const from = index * maxSheetCodes + 1;
            const to = Math.min(total, (index + 1) * maxSheetCodes);
            return (
              <Button
                key={index}
                variant={index === 0 ? "primary" : "secondary"}
                onClick={() => onPrint(index + 1)}
                busy={busyPart === index + 1}
                disabled={busyPart !== null}
              >
                {t("adminQr.sheet.part", { from: number(from), to: number(to) })}
              </Button>
            );
          })
        )}
      </div>
    </Card>
  );
}
