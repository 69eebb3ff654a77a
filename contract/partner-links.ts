// How a partner is named in links: its referral link and cookie, and its slug. Plain values and
// functions only, no zod, so that the browser's sign-in and welcome screens can read a referral
// without loading the schemas of the partner's screens (contract/partners.ts).

// --- The referral cookie -------------------------------------------------------------------------

/**
 * A visit to `/?ref={slug}`, `/k/{id}?ref={slug}` or a checkout link passed on by a partner,
 * `/checkout-link/{token}?ref={slug}` (a slug of an existing organisation) sets this cookie: HttpOnly,
 * SameSite=Lax, Secure on https, path "/". Sign-up, claiming a page and starting a checkout link's
 * checkout read it.
 * The first partner's cookie is kept while it lasts (first touch wins): a later link does not replace it.
 */
export const referralCookieName = "ref";
export const referralCookieDays = 90;
export const referralCookieMaxAgeSeconds = referralCookieDays * 24 * 60 * 60;
/** The query parameter of a referral link. */
export const referralQueryParameter = "ref";

/** A partner's referral link: the site's address with `?ref={slug}`. */
export function referralLink(publicUrl: string, slug: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/?${referralQueryParameter}=${encodeURIComponent(slug)}`;
}

// --- Slugs -----------------------------------------------------------------------------------------

/**
 * A slug names an organisation in links: 3 to 40 characters of a-z, 0-9 and single hyphens, starting
 * and ending with a letter or digit. It is made once, at the organisation's creation, from the partner
 * name on the whitelist entry (slugFromName; "-2", "-3"… when taken), and never changes, because
 * printed links carry it.
 */
export const slugMinLength = 3;
export const slugMaxLength = 40;
export const slugPattern = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){1,38}[a-z0-9]$/;

export function isPartnerSlug(value: string): boolean {
  return value.length >= slugMinLength && value.length <= slugMaxLength && slugPattern.test(value);
}

/** The slug a name suggests (before making it unique): Swedish letters to a/o, the rest to hyphens. */
export function slugFromName(name: string): string {
  const base = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/æ/g, "ae")
    .replace(/ø/g, "o")
    .replace(/ß/g, "ss")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, slugMaxLength - 4)
    .replace(/-+$/g, "");
  return base.length >= slugMinLength ? base : `partner${base ? `-${base}` : ""}`;
}
