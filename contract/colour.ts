// Colour contrast (WCAG 2.x relative luminance): the owner picks any `#rrggbb`, and the page must
// stay readable, so the accent is darkened or lightened until it reaches AA against its background.

type Rgb = [number, number, number];

function parse(hex: string): Rgb {
  const value = /^#([0-9a-f]{6})$/i.exec(hex)?.[1];
  if (!value) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [0, 2, 4].map((at) => parseInt(value.slice(at, at + 2), 16)) as Rgb;
}

function format(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, "0")).join("")}`;
}

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two `#rrggbb` colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(parse(a)), luminance(parse(b))].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** AA for normal text. */
export const readableContrast = 4.5;

/**
 * The colour itself when it reads on `background` at `minimum`; otherwise the closest colour on the
 * way to black (or to white, on a dark background) that does. The hue stays the owner's.
 */
export function readableOn(colour: string, background: string, minimum = readableContrast): string {
  if (contrastRatio(colour, background) >= minimum) return colour.toLowerCase();
  const rgb = parse(colour);
  const target: Rgb = luminance(parse(background)) > 0.18 ? [0, 0, 0] : [255, 255, 255];
  // Twenty steps of mixing are finer than the eye tells apart; the last one is black or white.
  for (let step = 1; step <= 20; step++) {
    const mixed = rgb.map((channel, i) => channel + ((target[i] as number) - channel) * (step / 20)) as Rgb;
    const candidate = format(mixed);
    if (contrastRatio(candidate, background) >= minimum) return candidate;
  }
  return format(target);
}
