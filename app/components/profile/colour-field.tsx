// The page's colour: a few presets and a custom picker, with a preview of the name as the page shows
// it, and a warning when the colour would be hard to read. The value stays `#rrggbb`.
import { useId, useLayoutEffect, useRef } from "react";
import { useTranslation } from "../../lib/i18n";
import { readableOn } from "../../../contract/colour";
import { pageBackground, presetColours } from "../../lib/colour";

const focusRing =
  "peer-focus-visible:outline-[3px] peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus peer-focus-visible:outline-solid";

function Check() {
  return (
    <svg
      viewBox="0 0 20 20"
      aria-hidden="true"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
    >
      <path d="m5 10.5 3.2 3L15 6.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function ColourField({
  value,
  name,
  onChange,
}: {
  value: string;
  /** The page's name, shown in the colour in the preview. */
  name: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const root = useRef<HTMLFieldSetElement>(null);
  const colour = /^#[0-9a-fA-F]{6}$/.test(value) ? value.toLowerCase() : presetColours[0].value;
  const isPreset = presetColours.some((preset) => preset.value === colour);
  // What the page will show: the colour itself, or the nearest shade of it that reads (as the page does).
  const shown = readableOn(colour, pageBackground);
  const readable = shown === colour;

  // The chosen colour as a custom property, set through the CSSOM: the CSP forbids style attributes,
  // and a <style> added after the page loaded would carry no nonce.
  useLayoutEffect(() => {
    root.current?.style.setProperty("--chosen-colour", colour);
    root.current?.style.setProperty("--shown-colour", shown);
  }, [colour, shown]);

  return (
    <fieldset ref={root} className="flex min-w-0 flex-col gap-3" aria-describedby={`${id}-lead`}>
      <legend className="mb-1 text-sm font-medium text-ink">{t("profile.colour.label")}</legend>
      <p id={`${id}-lead`} className="text-sm text-muted">
        {t("profile.colour.lead")}
      </p>
      <div className="flex flex-wrap items-center gap-2" role="presentation">
        {presetColours.map((preset) => {
          const checked = colour === preset.value;
          return (
            <label key={preset.value} className="relative" title={t(`profile.colour.names.${preset.name}`)}>
              <input
                type="radio"
                name={`${id}-colour`}
                value={preset.value}
                checked={checked}
                onChange={() => onChange(preset.value)}
                className="peer sr-only"
              />
              <span
                aria-hidden="true"
                className={`flex size-11 cursor-pointer items-center justify-center rounded-full text-white ${preset.swatch} ${focusRing} ${
                  checked ? "ring-2 ring-ink ring-offset-2 ring-offset-raised" : ""
                }`}
              >
                {checked && <Check />}
              </span>
              <span className="sr-only">{t(`profile.colour.names.${preset.name}`)}</span>
            </label>
          );
        })}
        <span aria-hidden="true" className="mx-1 hidden h-8 w-px bg-line sm:block" />
        <label className="flex min-h-11 cursor-pointer items-center gap-2">
          <input
            type="color"
            value={colour}
            onChange={(event) => onChange(event.target.value)}
            // While a preset is chosen the picker shows a rainbow (any colour), not a seventh swatch.
            className={`size-11 cursor-pointer rounded-full border-0 p-0 [&::-moz-color-swatch]:rounded-full [&::-moz-color-swatch]:border-0 [&::-webkit-color-swatch]:rounded-full [&::-webkit-color-swatch]:border-0 [&::-webkit-color-swatch-wrapper]:p-0 ${
              isPreset
                ? "bg-[conic-gradient(#d9534f,#e8b84a,#5bb36b,#4a8fe0,#9a5ae0,#d9534f)] [&::-moz-color-swatch]:opacity-0 [&::-webkit-color-swatch]:opacity-0"
                : "bg-raised ring-2 ring-ink ring-offset-2 ring-offset-raised"
            }`}
          />
          <span className="text-sm font-medium text-ink">{t("profile.colour.custom")}</span>
        </label>
        {!isPreset && <span className="font-mono text-sm text-muted">{colour}</span>}
      </div>
      <div className="flex flex-col gap-1">
        <p className="text-xs font-medium tracking-wide text-muted uppercase">
          {t("profile.colour.preview")}
        </p>
        <div className="flex items-center gap-3 rounded-[var(--radius-control)] border border-line bg-surface px-4 py-3">
          <span
            aria-hidden="true"
            className="size-8 shrink-0 rounded-full bg-[var(--chosen-colour,var(--color-brand))]"
          />
          <p className="min-w-0 truncate font-serif text-2xl font-semibold text-[var(--shown-colour,var(--color-brand))]">
            {name.trim() || t("profile.colour.sampleName")}
          </p>
        </div>
      </div>
      {!readable && (
        <p role="status" className="text-sm font-medium text-danger">
          {t("profile.colour.lowContrast")}
        </p>
      )}
    </fieldset>
  );
}
