import { describe, expect, it } from "vitest";
import { addDays, daysBetween, swedishDate } from "./calendar-days";

describe("calendar days in Swedish time", () => {
  it("dates an instant by the day it is in Stockholm, not in UTC", () => {
    // 23:30 UTC on 30 November is 00:30 on 1 December in Stockholm (UTC+1 in winter).
    expect(swedishDate(new Date("2026-11-30T23:30:00Z"))).toBe("2026-12-01");
    // 22:30 UTC on 30 June is 00:30 on 1 July (UTC+2 in summer).
    expect(swedishDate(new Date("2026-06-30T22:30:00Z"))).toBe("2026-07-01");
    expect(swedishDate(new Date("2026-06-30T21:30:00Z"))).toBe("2026-06-30");
  });

  it("adds calendar days across month, year and leap-day boundaries", () => {
    expect(addDays("2026-11-23", 30)).toBe("2026-12-23");
    expect(addDays("2026-12-20", 30)).toBe("2027-01-19");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("counts the days between two dates, whatever the clock change between them", () => {
    expect(daysBetween("2026-03-20", "2026-04-03")).toBe(14);
    expect(daysBetween("2026-12-23", "2026-12-30")).toBe(7);
    expect(daysBetween("2026-12-30", "2026-12-23")).toBe(-7);
  });
});
