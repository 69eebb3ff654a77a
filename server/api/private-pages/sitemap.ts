// /sitemap.xml and /robots.txt (decisions "A page that lasts as long as the grave"): public live
// pages are listed for search engines, and robots.txt names the sitemap. Unlisted and private pages,
// and pages that are not live, are never listed (they answer `noindex` as well: ADR 043).
import { Hono } from "hono";
import type { Database } from "../../db/client";
import { sitemapPages } from "../../domain/private-pages";
import type { ApiEnv } from "../../http/env";

const xmlEscape = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function sitemapRoutes({ db, publicUrl }: { db: Database; publicUrl: string }) {
  return new Hono<ApiEnv>()
    .get("/sitemap.xml", async (c) => {
      const pages = await sitemapPages(db);
      const urls = pages
        .map(
          (page) =>
            `<url><loc>${xmlEscape(`${publicUrl}/k/${page.id}`)}</loc>` +
            `<lastmod>${page.updatedAt.toISOString()}</lastmod></url>`,
        )
        .join("");
      c.set("route", "/sitemap.xml");
      c.header("Cache-Control", "public, max-age=3600");
      return c.body(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n`,
        200,
        { "Content-Type": "application/xml; charset=utf-8" },
      );
    })
    .get("/robots.txt", (c) => {
      c.set("route", "/robots.txt");
      c.header("Cache-Control", "public, max-age=3600");
      return c.text(`User-agent: *\nDisallow: /api/\n\nSitemap: ${publicUrl}/sitemap.xml\n`);
    });
}
