// The one cookie parser: what the session, the locale and the page cache read from a Cookie header.
import { describe, expect, it } from "vitest";
import { readCookie } from "./cookie";

describe("readCookie", () => {
  it("finds a cookie among others, whatever the spacing", () => {
    expect(readCookie("a=1; kammare_session=abc;locale=sv-SE", "kammare_session")).toBe("abc");
    expect(readCookie("a=1; kammare_session=abc;locale=sv-SE", "locale")).toBe("sv-SE");
  });

  it("keeps '=' inside a value and decodes percent-escapes", () => {
    expect(readCookie("t=a=b=c", "t")).toBe("a=b=c");
    expect(readCookie("name=%C3%A5%C3%A4%C3%B6", "name")).toBe("åäö");
  });

  it("answers undefined for a missing header, a missing cookie, or a malformed escape", () => {
    expect(readCookie(null, "t")).toBeUndefined();
    expect(readCookie("", "t")).toBeUndefined();
    expect(readCookie("other=1", "t")).toBeUndefined();
    expect(readCookie("t=%E0%A4%A", "t")).toBeUndefined();
  });

  it("does not take a cookie whose name only ends with the one asked for", () => {
    expect(readCookie("xt=1", "t")).toBeUndefined();
  });
});
