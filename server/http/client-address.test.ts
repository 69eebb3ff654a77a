// Which X-Forwarded-For entry is the client, for each number of trusted proxies, and what is refused.
import { describe, expect, it } from "vitest";
import { canonicalAddress, clientAddress } from "./client-address";

const socket = "192.0.2.1";

describe("clientAddress", () => {
  it("with no proxy trusted, is the socket's address whatever the header says", () => {
    expect(clientAddress("198.51.100.1", socket, 0)).toBe(socket);
    expect(clientAddress(undefined, socket, 0)).toBe(socket);
  });

  it("behind one proxy, is the rightmost entry: the one the proxy added", () => {
    expect(clientAddress("203.0.113.9", socket, 1)).toBe("203.0.113.9");
    for (let index = 1; index < 5; index++) {
      expect(clientAddress(`198.51.100.${index}, 203.0.113.9`, socket, 1)).toBe("203.0.113.9");
    }
    expect(clientAddress("10.0.0.1,203.0.113.9", socket, 1)).toBe("203.0.113.9");
  });

  it("behind N proxies, is the Nth entry from the right; the leftmost when there are fewer", () => {
    expect(clientAddress("198.51.100.1, 203.0.113.9, 10.0.0.2", socket, 2)).toBe("203.0.113.9");
    expect(clientAddress("198.51.100.1, 203.0.113.9, 10.0.0.2, 10.0.0.3", socket, 3)).toBe("203.0.113.9");
    expect(clientAddress("203.0.113.9", socket, 2)).toBe("203.0.113.9");
  });

  it("falls back to the socket's address when the header is missing, empty or malformed there", () => {
    for (const header of [undefined, "", " ", ",", "198.51.100.1, ", "unknown", "999.1.1.1", "a, b"]) {
      expect(clientAddress(header, socket, 1), String(header)).toBe(socket);
    }
    // Only the entry the proxies vouch for is read: junk the client put before it does not matter.
    expect(clientAddress("'><script>, 203.0.113.9", socket, 1)).toBe("203.0.113.9");
    expect(clientAddress("198.51.100.1, junk, 10.0.0.2", socket, 2)).toBe(socket);
  });

  it("answers null rather than a made-up string when even the socket has no address", () => {
    expect(clientAddress("nonsense", undefined, 1)).toBeNull();
    expect(clientAddress(undefined, undefined, 0)).toBeNull();
  });
});

describe("canonicalAddress", () => {
  it("writes one address one way", () => {
    expect(canonicalAddress(" 203.0.113.9 ")).toBe("203.0.113.9");
    expect(canonicalAddress("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(canonicalAddress("2001:DB8::1")).toBe("2001:db8::1");
    expect(canonicalAddress("[2001:db8::1]")).toBe("2001:db8::1");
    expect(canonicalAddress("[2001:db8::1]:443")).toBe("2001:db8::1");
    expect(canonicalAddress("203.0.113.9:51234")).toBe("203.0.113.9");
  });

  it("refuses what is not an address", () => {
    for (const text of [
      undefined,
      "",
      "localhost",
      "1.2.3",
      "256.1.1.1",
      "1.2.3.4.5",
      "2001:db8::g",
      "1.2.3.4/8",
    ]) {
      expect(canonicalAddress(text), String(text)).toBeNull();
    }
  });
});
