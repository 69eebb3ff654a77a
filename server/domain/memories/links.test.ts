// The link rule of memories and candle names: the ways people write a link so that
// a pattern misses it are all links, and ordinary prose in Swedish and English is none.
import { describe, expect, it } from "vitest";
import { containsLink } from "./links";

const links = [
  // Written plainly, with a scheme or without.
  "See https://example.org/offer",
  "http://spam.example",
  "Visit www.example.com today",
  "Cheap pills at pills.shop",
  "best-deals.xyz",
  "friend, see spam.com",
  "bit.ly/abc123",
  "discord.gg/abc",
  "evil.ly",
  "free money at evil.tk",
  "ask evil.ai",
  "join evil.gg now",
  "evil.online",
  "EVIL.COM",
  "(evil.com)",
  "//evil.com/path",
  "hxxp://evil.com",
  "ftp://files.example.net",
  "203.0.113.5/login",
  "xn--80ak6aa92e.com",
  "пример.рф",
  // The dot hidden.
  "evil . com",
  "visit evil .net today",
  "evil[.]com",
  "evil(.)com",
  "evil(dot)com",
  "evil [dot] com",
  "evil。com",
  "evil｡com",
  // Letters that look alike, or are not seen.
  "ｅｖｉｌ．ｃｏｍ",
  "𝐞𝐯𝐢𝐥.𝐜𝐨𝐦",
  "ⓔⓥⓘⓛ.ⓒⓞⓜ",
  "evil\u200B.com",
  "ev\u200Dil.c\u2060om",
  "evil\u00AD.com",
  "\u202Emoc.live",
  "gοogle.com",
  "exаmple.com",
  "evil.cοm",
  // Schemes that need no host, and addresses.
  "tel:+46701234567",
  "Tel: 070-123 45 67",
  "mailto:anna@example.com",
  "anna@example.com",
  "sms:+46701234567",
  "whatsapp://send?phone=46701234567",
  "skype:anna.berg",
  "javascript:alert(1)",
  "data:text/html,hi",
];

const prose = [
  "Stockholm 1942–2024",
  "We met at 10 a.m. by the lake, and talked until 5 p.m.",
  "She moved to St. Petersburg in 1965.",
  "Dr. Berg was her doctor for 3.5 years.",
  "Anna-Karin and I sang in the choir for twenty years.",
  "We met in Sthlm.Sunny days, e.g. in June.",
  "J.R.R. Tolkien was his favourite; i.e. he read it three times.",
  "Mr. and Mrs. Smith send their love from the U.S.A.",
  "P.S. I still have the book you gave me.",
  "Tack för allt, mormor. Vi saknar dig.",
  "Vi läste om Rom, grundat 753 f.Kr., hela sommaren. Vesuvius år 79 e.Kr. också!",
  "Han tog sin M.Sc. i kemi i Uppsala.",
  "Vi ses på Skansen kl. 14.30, t.ex. på lördag.",
  "Hon var bl.a. ordförande i hembygdsföreningen, d.v.s. hjärtat i byn.",
  "Åsa, Örjan och Märta minns dig.",
  "Min vän sedan 1950-talet. Vila i frid.",
  "Grattis på 80-årsdagen den 12.3.2020 var sista gången vi sågs.",
  "Hon bodde på Storgatan 12 B, 3 tr., fr.o.m. 1971.",
  "Kära farfar ❤️ 👨‍👩‍👧",
  "Wow... vilket liv!!! :) Vi ses.",
  "Kyrkan i S:t Görans församling, ca. 1950.",
  "Спасибо за всё.",
];

describe("containsLink", () => {
  it.each(links)("finds the link in %j", (text) => {
    expect(containsLink(text)).toBe(true);
  });

  it.each(prose)("finds none in %j", (text) => {
    expect(containsLink(text)).toBe(false);
  });

  it("an abbreviation is one only where it stands alone", () => {
    expect(containsLink("f.kr/offer")).toBe(true);
    expect(containsLink("m.sc.se")).toBe(true);
  });
});
