// The start position of a label sheet, drawn as the sheet's 3 x 8 grid: one radio button per label, so
// arrow keys move through it and a screen reader hears "Label 7, 7 of 24". The labels before the chosen
// one are shown as used, the way the half-used sheet in the admin's hand looks.
import { useId } from "react";
import { useTranslation } from "../../../lib/i18n";
import { labelColumnsPerSheet, labelsPerSheet } from "../../../../contract/address-labels";

export function StartPositionPicker({
  value,
  onChange,
}: {
  value: number;
  onChange: (position: number) => void;
}) {
  const { t } = useTranslation();
  const base = useId();
  const row = Math.floor((value - 1) / labelColumnsPerSheet) + 1;
  const column = ((value - 1) % labelColumnsPerSheet) + 1;
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={`${base}-hint ${base}-chosen`}>
      <legend className="mb-1 text-sm font-medium text-ink">{t("adminLabels.start.label")}</legend>
      <p id={`${base}-hint`} className="text-sm text-muted">
        {t("adminLabels.start.hint")}
      </p>
      {/* An A4 sheet's proportions, so the grid looks like the sheet. */}
      <div
        className="grid aspect-[210/297] w-full max-w-56 grid-cols-3 grid-rows-8 gap-0.5 rounded border border-line bg-raised p-1 shadow-sm"
        data-testid="start-grid"
      >
        {Array.from({ length: labelsPerSheet }, (_, index) => {
          const position = index + 1;
          const used = position < value;
          const chosen = position === value;
          return (
            <label
              key={position}
              htmlFor={`${base}-${position}`}
              className={`relative flex cursor-pointer items-center justify-center rounded-sm border text-xs tabular-nums has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-focus ${
                chosen
                  ? "border-brand bg-brand font-semibold text-white"
                  : used
                    ? "border-line bg-[repeating-linear-gradient(45deg,var(--color-line)_0_2px,transparent_2px_6px)] text-muted"
                    : "border-line text-ink hover:bg-brand-soft"
              }`}
            >
              <input
                type="radio"
                id={`${base}-${position}`}
                name={`${base}-start`}
                value={position}
                checked={chosen}
                onChange={() => onChange(position)}
                // Transparent over the whole cell: the click lands on the radio itself.
                className="absolute inset-0 m-0 size-full cursor-pointer appearance-none opacity-0"
                aria-label={
                  used
                    ? `${t("adminLabels.start.position", { position })} (${t("adminLabels.start.used")})`
                    : t("adminLabels.start.position", { position })
                }
              />
              <span aria-hidden="true">{position}</span>
            </label>
          );
        })}
      </div>
      <p id={`${base}-chosen`} className="text-sm text-ink" aria-live="polite">
        {t("adminLabels.start.chosen", { position: value, row, column })}
      </p>
    </fieldset>
  );
}
