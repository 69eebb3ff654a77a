// Domain events (ADR 033): what a transaction records reaches the app's effects only after it
// commits, once each; a rolled-back transaction's events never do; one recorded outside a transaction
// goes at once; one recorded in a transaction the helper did not open is refused.
import { sql } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import {
  onDomainEvents,
  pageChanged,
  recordEvent,
  transaction,
  type DomainEvent,
} from "../../server/domain/core";
import { describeOnDatabases } from "../support/api-fixture";

describeOnDatabases("domain events", ({ db }) => {
  let seen: DomainEvent[] = [];
  let unsubscribe = () => {};
  beforeEach(() => {
    unsubscribe();
    seen = [];
    unsubscribe = onDomainEvents(db, (event) => seen.push(event));
  });

  it("dispatches a transaction's events after its commit, once each", async () => {
    const answer = await transaction(db, async (tx) => {
      recordEvent(tx, pageChanged("AAAA0001"));
      await tx.execute(sql`select 1`);
      recordEvent(tx, pageChanged("AAAA0001"));
      recordEvent(tx, pageChanged("BBBB0002"));
      // Nothing has run yet: the transaction is still open.
      expect(seen).toEqual([]);
      return "done";
    });
    expect(answer).toBe("done");
    expect(seen).toEqual([pageChanged("AAAA0001"), pageChanged("BBBB0002")]);
  });

  it("drops the events of a transaction that rolls back", async () => {
    await expect(
      transaction(db, async (tx) => {
        recordEvent(tx, pageChanged("AAAA0001"));
        throw new Error("refused halfway");
      }),
    ).rejects.toThrow("refused halfway");
    expect(seen).toEqual([]);
    // The next transaction starts with none of them.
    await transaction(db, async (tx) => recordEvent(tx, pageChanged("BBBB0002")));
    expect(seen).toEqual([pageChanged("BBBB0002")]);
  });

  it("keeps a savepoint's events for the outer commit, and drops them when the savepoint rolls back", async () => {
    await transaction(db, async (tx) => {
      await transaction(tx, async (inner) => recordEvent(inner, pageChanged("AAAA0001")));
      await transaction(tx, async (inner) => {
        recordEvent(inner, pageChanged("BBBB0002"));
        throw new Error("savepoint undone");
      }).catch(() => undefined);
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual([pageChanged("AAAA0001")]);
  });

  it("dispatches at once what is recorded on the database itself, outside a transaction", () => {
    recordEvent(db, pageChanged("AAAA0001"));
    expect(seen).toEqual([pageChanged("AAAA0001")]);
  });

  it("refuses an event recorded in a transaction it cannot see commit", async () => {
    await expect(db.transaction(async (tx) => recordEvent(tx, pageChanged("AAAA0001")))).rejects.toThrow(
      /not opened with transaction\(\)/,
    );
    expect(seen).toEqual([]);
  });

  it("runs every effect even when one fails, and stops once unsubscribed", async () => {
    const stop = onDomainEvents(db, () => {
      throw new Error("effect failed");
    });
    expect(() => recordEvent(db, pageChanged("AAAA0001"))).toThrow("a domain event's effect failed");
    expect(seen).toEqual([pageChanged("AAAA0001")]);
    stop();
    unsubscribe();
    recordEvent(db, pageChanged("BBBB0002"));
    expect(seen).toEqual([pageChanged("AAAA0001")]);
  });

  it("lets a subscription with an owner replace that owner's earlier one, so an effect runs once", () => {
    const owner = {};
    const mails: string[] = [];
    onDomainEvents(db, () => mails.push("first app"), owner);
    const stop = onDomainEvents(db, () => mails.push("second app"), owner);
    recordEvent(db, pageChanged("AAAA0001"));
    expect(mails).toEqual(["second app"]);
    stop();
  });
});
