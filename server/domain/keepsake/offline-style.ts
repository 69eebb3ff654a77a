// The keepsake copy's `style.css`: the site's typefaces from the files beside it, one column that reads
// on a phone and a wide screen, photo grids, and print (a family may print the copy too).
export const offlineFontFiles = { serif: "fonts/literata.ttf", sans: "fonts/inter.ttf" } as const;

export const offlineStyle = `@font-face {
  font-family: "Literata";
  src: url("${offlineFontFiles.serif}") format("truetype");
  font-weight: 200 900;
  font-display: swap;
}
@font-face {
  font-family: "Inter";
  src: url("${offlineFontFiles.sans}") format("truetype");
  font-weight: 100 900;
  font-display: swap;
}
:root { --ink: #1c1c21; --muted: #5c5c66; --rule: #d9d6cf; --paper: #fbfaf7; --theme: #1f3a36; }
* { box-sizing: border-box; }
html { background: var(--paper); color: var(--ink); }
body { margin: 0; font: 1.0625rem/1.65 "Literata", Georgia, serif; }
img { max-width: 100%; height: auto; display: block; }
.cover { text-align: center; padding: 0 1rem 2rem; border-bottom: 1px solid var(--rule); }
.cover .band { width: 100%; max-height: 320px; object-fit: cover; margin: 0 -1rem; width: calc(100% + 2rem); }
.cover .portrait { width: 180px; height: 180px; object-fit: cover; border-radius: 50%; margin: 2rem auto 0; border: 4px solid #fff; box-shadow: 0 2px 10px rgb(0 0 0 / 0.15); }
.band + .portrait { margin-top: -90px; position: relative; }
h1 { font-size: clamp(2rem, 6vw, 3rem); font-weight: 500; line-height: 1.15; margin: 1.25rem 0 0.25rem; }
h2 { font-size: 1.6rem; font-weight: 500; color: var(--theme); margin: 2.5rem 0 1rem; border-bottom: 1px solid var(--rule); padding-bottom: 0.35rem; }
h3 { font-size: 1.2rem; font-weight: 600; margin: 1.75rem 0 0.5rem; }
.dates, .period, .by, figcaption, footer, .facts { font-family: "Inter", system-ui, sans-serif; }
.dates { color: var(--muted); margin: 0; font-size: 1rem; }
.subtitle { font-size: 1.15rem; font-style: italic; margin: 0.75rem 0 0; }
main { max-width: 46rem; margin: 0 auto; padding: 0 1.25rem 3rem; }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.4rem 1.25rem; margin: 2rem 0 0; font-size: 0.95rem; }
.facts dt { color: var(--muted); }
.facts dd { margin: 0; }
.period { color: var(--muted); font-size: 0.9rem; margin: -0.25rem 0 0.5rem; }
.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 0.75rem; }
.grid.small { grid-template-columns: repeat(auto-fill, minmax(140px, 1fr)); margin: 0.75rem 0; }
figure { margin: 0; }
figure img { width: 100%; aspect-ratio: 1; object-fit: cover; border-radius: 4px; background: #eee; }
figcaption { font-size: 0.85rem; color: var(--muted); margin-top: 0.3rem; }
.memory { border-left: 3px solid var(--rule); padding: 0.25rem 0 0.25rem 1rem; margin: 1.5rem 0; }
.memory p { margin: 0.25rem 0; }
.by { color: var(--muted); font-size: 0.9rem; }
.reply { font-size: 0.95rem; background: #f1efe9; padding: 0.5rem 0.75rem; border-radius: 4px; }
footer { max-width: 46rem; margin: 0 auto; padding: 1.5rem 1.25rem 3rem; border-top: 1px solid var(--rule); color: var(--muted); font-size: 0.85rem; }
a { color: var(--theme); }
@media (max-width: 480px) {
  body { font-size: 1rem; }
  .grid { grid-template-columns: repeat(2, 1fr); }
  .cover .portrait { width: 140px; height: 140px; }
  .band + .portrait { margin-top: -70px; }
  .facts { grid-template-columns: 1fr; gap: 0.1rem; }
  .facts dd { margin-bottom: 0.6rem; }
}
@media print {
  html { background: #fff; }
  .grid { grid-template-columns: repeat(3, 1fr); }
  article, figure { break-inside: avoid; }
}
`;
