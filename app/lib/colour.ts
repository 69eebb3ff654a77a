// The page's colour choices: a few presets that read well on the page's background, and the contrast
// check that warns when a custom colour would make the name hard to read.

/** The page's background (app.css `--color-surface`), on which the name is shown in the colour. */
export const pageBackground = "#faf8f5";

/**
 * Presets, each with its i18n name and its swatch as a literal class (so Tailwind generates it; the
 * CSP forbids inline styles): dark enough to read as body text on the page's background.
 */
export const presetColours = [
  { value: "#1f3a36", name: "forest", swatch: "bg-[#1f3a36]" },
  { value: "#2c4a6e", name: "night", swatch: "bg-[#2c4a6e]" },
  { value: "#5c3b5e", name: "plum", swatch: "bg-[#5c3b5e]" },
  { value: "#8a3b2e", name: "brick", swatch: "bg-[#8a3b2e]" },
  { value: "#6b5a1e", name: "brass", swatch: "bg-[#6b5a1e]" },
  { value: "#3a3a3a", name: "graphite", swatch: "bg-[#3a3a3a]" },
] as const;
