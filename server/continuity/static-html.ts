// Reading the addresses a rendered page or stylesheet names, and the copy's own plain 404 page
// (ADR 046).

export type LocalLink = { kind: "page" | "file" | "dead"; address: string };

const entities: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&#x27;": "'", "&#39;": "'" };

/**
 * Every address on this site the text names, once: in `href`, `src`, `poster`, `content` (a preview image), `srcset` and
 * `imagesrcset` attributes and in CSS `url(…)`, relative to the root or absolute to the site's own
 * origin. Fragments are dropped; an address with a query is dead (a plain host has one file per path);
 * a path whose last part has an extension is a file, any other a page.
 */
export function localLinks(text: string, origin: string): LocalLink[] {
  const decoded = text.replace(/&(?:amp|quot|#x27|#39);/g, (entity) => entities[entity] ?? entity);
  const found = new Set<string>();
  // Any case: React writes `srcSet` and `imageSrcSet` as it names them.
  for (const match of decoded.matchAll(/\s(?:href|src|poster|content)="([^"]*)"/gi))
    found.add(match[1] ?? "");
  for (const match of decoded.matchAll(/\s(?:srcset|imagesrcset)="([^"]*)"/gi)) {
    for (const candidate of (match[1] ?? "").split(",")) found.add(candidate.trim().split(/\s+/)[0] ?? "");
  }
  for (const match of decoded.matchAll(/url\(\s*(["']?)([^"')]+)\1\s*\)/g)) found.add(match[2] ?? "");
  const links = new Map<string, LocalLink>();
  for (const raw of found) {
    let address = raw.startsWith(origin + "/") ? raw.slice(origin.length) : raw;
    if (!address.startsWith("/") || address.startsWith("//")) continue;
    address = address.split("#")[0] ?? "";
    if (address === "") continue;
    const last = address.split("/").pop() ?? "";
    const kind = address.includes("?") ? "dead" : /\.[A-Za-z0-9]+$/.test(last) ? "file" : "page";
    links.set(address, { kind, address });
  }
  return [...links.values()];
}

/**
 * The copy's 404: plain, in both languages, naming no other file, so any host can send it for an
 * address the copy does not hold (most hosts look for `404.html` by themselves).
 */
export function notFoundPage(): string {
  return `<!doctype html>
<html lang="sv-SE">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sidan finns inte – Page not found</title>
<style>
body{margin:0;font-family:system-ui,sans-serif;background:#f7f5f0;color:#1d2624;line-height:1.5}
main{max-width:36rem;margin:0 auto;padding:4rem 1.25rem}
h1{font-size:1.75rem;color:#1f3a36;margin:0 0 .5rem}
h2{font-size:1.25rem;color:#1f3a36;margin:2.5rem 0 .5rem}
p{margin:0 0 .75rem}
</style>
</head>
<body>
<main>
<h1>Sidan finns inte här</h1>
<p>Det här är en sparad kopia av minnessidorna på Kammare. Adressen du öppnade finns inte bland dem.</p>
<p>Kontrollera koden: den står efter /k/ i adressen och har åtta tecken.</p>
<section lang="en-US">
<h2>This page is not here</h2>
<p>This is a saved copy of the memorial pages on Kammare. The address you opened is not among them.</p>
<p>Check the code: it comes after /k/ in the address and has eight characters.</p>
</section>
</main>
</body>
</html>
`;
}
