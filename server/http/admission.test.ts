import { describe, expect, it } from "vitest";
import { createAdmission } from "./admission";

/** Work that runs until its `finish` is called, noting when it started. */
function work(name: string, started: string[]) {
  let finish: () => void = () => {};
  let fail: (error: Error) => void = () => {};
  const done = new Promise<string>((resolve, reject) => {
    finish = () => resolve(name);
    fail = reject;
  });
  return {
    run: () => {
      started.push(name);
      return done;
    },
    finish: () => finish(),
    fail: (error: Error) => fail(error),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("admission", () => {
  it("runs at most the limit at once, the rest in order of arrival as turns free", async () => {
    const admission = createAdmission(2);
    const started: string[] = [];
    const [a, b, c, d] = ["a", "b", "c", "d"].map((name) => work(name, started));
    const answers = [a, b, c, d].map((item) => admission.admit(item!.run));
    await tick();
    expect(started).toEqual(["a", "b"]);
    expect(admission.stats()).toMatchObject({ running: 2, waiting: 2 });

    b!.finish();
    await tick();
    expect(started).toEqual(["a", "b", "c"]);
    a!.finish();
    await tick();
    expect(started).toEqual(["a", "b", "c", "d"]);
    c!.finish();
    d!.finish();
    expect(await Promise.all(answers)).toEqual(["a", "b", "c", "d"]);
    expect(admission.stats()).toEqual({ running: 0, waiting: 0, admitted: 4, queued: 2 });
  });

  it("lets `first` go ahead of those waiting, in their own order of arrival", async () => {
    const admission = createAdmission(1);
    const started: string[] = [];
    const items = ["holder", "other 1", "first 1", "other 2", "first 2"].map((name) => work(name, started));
    const answers = items.map((item, index) =>
      admission.admit(item.run, { first: index === 2 || index === 4 }),
    );
    for (const item of items) {
      await tick();
      item.finish();
      await tick();
    }
    await Promise.all(answers);
    expect(started).toEqual(["holder", "first 1", "first 2", "other 1", "other 2"]);
  });

  it("frees the turn of work that fails, and hands the failure to its caller", async () => {
    const admission = createAdmission(1);
    const started: string[] = [];
    const failing = work("failing", started);
    const next = work("next", started);
    const failed = admission.admit(failing.run);
    const after = admission.admit(next.run);
    failing.fail(new Error("no"));
    await expect(failed).rejects.toThrow("no");
    await tick();
    expect(started).toEqual(["failing", "next"]);
    next.finish();
    expect(await after).toBe("next");
    expect(admission.stats()).toMatchObject({ running: 0, waiting: 0 });
  });

  it("refuses a limit below one", () => {
    expect(() => createAdmission(0)).toThrow(/at least 1/);
  });
});
