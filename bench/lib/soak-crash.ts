// The soak's crash part: writers sign up, edit pages and pay while the app is killed with SIGKILL and
// restarted on the same data; then every acknowledged write must be there and nothing half-written.
import { randomBytes } from "node:crypto";
import type { ServerBuild } from "./list.ts";
import { startApp, type Running } from "./processes.ts";
import { benchOwner, benchProfileId } from "./profile-page.ts";
import { newPlace, open, seed, signIn } from "./soak-data.ts";
import { log, pagesPerWriter, settings, sleep } from "./soak-settings.ts";

export type CrashResult = {
  engine: string;
  crashes: number;
  acknowledged: { signups: number; edits: number; payments: number };
  missing: string[];
  halfWritten: string[];
};

export async function runCrashPart(build: ServerBuild, engine: string): Promise<CrashResult> {
  const place = await newPlace(engine);
  const pages = await seed(build, place, settings.writers);
  const acknowledged = {
    signups: [] as string[],
    /** Per edited page: the last subtitle acknowledged, and those sent after it with no answer. */
    edits: new Map<string, { acked?: string; unanswered: string[] }>(),
    payments: [] as string[],
  };
  let app: Running | undefined;
  let ownerToken = "";
  let running = true;

  async function writer(index: number) {
    const editPage = pages[index * (pagesPerWriter + 1)] as string;
    const payPages = pages.slice(index * (pagesPerWriter + 1) + 1, (index + 1) * (pagesPerWriter + 1));
    const edits = { acked: undefined as string | undefined, unanswered: [] as string[] };
    acknowledged.edits.set(editPage, edits);
    let step = 0;
    while (running) {
      const url = app?.url;
      if (!url) {
        await sleep(50);
        continue;
      }
      const bearer = { Authorization: `Bearer ${ownerToken}`, "Content-Type": "application/json" };
      const post = (path: string, body: unknown, headers: Record<string, string> = bearer, method = "POST") =>
        fetch(`${url}${path}`, {
          method,
          headers,
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(5000),
        });
      step += 1;
      try {
        const kind = step % 3;
        if (kind === 0) {
          const email = `soak-${index}-${step}-${randomBytes(3).toString("hex")}@example.com`;
          const response = await post(
            "/api/auth/signup",
            { email, password: "soak-password-123" },
            // Sign-up's limit is per address: each writer's sign-ups come from addresses of their own
            // (documentation addresses, in a header only), as many visitors' would.
            {
              "Content-Type": "application/json",
              "X-Forwarded-For": `203.0.113.${((index * 31 + step) % 250) + 1}`,
            },
          );
          if (response.status === 201) acknowledged.signups.push(email);
          await response.arrayBuffer();
        } else if (kind === 1) {
          const subtitle = `edit ${step}`;
          edits.unanswered.push(subtitle);
          const response = await post(
            "/api/kammare/profile",
            { profile: { id: editPage, subtitle } },
            bearer,
            "PUT",
          );
          if (response.status === 200) {
            edits.acked = subtitle;
            edits.unanswered = [];
          }
          await response.arrayBuffer();
        } else if (payPages.length > 0) {
          const profileId = payPages[0] as string;
          const started = await post("/api/checkout/card", { profileId, plan: "monthly" });
          const body = (await started.json()) as { order?: { orderNumber?: string } };
          if (started.status === 409) payPages.shift(); // paid in a round that was cut off
          const orderNumber = body.order?.orderNumber;
          if (started.status !== 200 || !orderNumber) continue;
          const paid = await post("/api/checkout/sandbox/pay", {
            orderNumber,
            cardNumber: "4242 4242 4242 4242",
            expiry: "12/39",
            cvc: "123",
            name: "Soak Test",
          });
          await paid.arrayBuffer();
          if (paid.status === 200) {
            acknowledged.payments.push(orderNumber);
            payPages.shift();
          }
        }
      } catch {
        // The app was killed under this request: not acknowledged, so nothing is expected of it.
      }
    }
  }

  const writers = Array.from({ length: settings.writers }, (_, index) => writer(index));
  try {
    for (let round = 0; round <= settings.crashes; round++) {
      app = await startApp({
        dataDir: place.dataDir,
        databaseUrl: place.url,
        keepData: true,
        env: { TRUST_PROXY: "on" },
      });
      ownerToken ||= await signIn(app.url, benchOwner);
      const stormMs = 1000 + Math.floor(Math.random() * 3000);
      await sleep(stormMs);
      if (round === settings.crashes) break;
      log(
        `${engine}: kill -9 after ${stormMs} ms (${round + 1}/${settings.crashes}); acknowledged so far: ` +
          `${acknowledged.signups.length} sign-ups, ${acknowledged.payments.length} payments`,
      );
      const dying = app;
      app = undefined;
      process.kill(dying.pid as number, "SIGKILL");
      await dying.stop();
    }
    running = false;
    await Promise.all(writers);
    await app?.stop();
    app = undefined;

    const handle = await open(build, place);
    const missing: string[] = [];
    const halfWritten: string[] = [];
    try {
      await handle.withConnection(async (connection) => {
        const users = await connection.query<{ email: string }>(
          `select email from users where email = any($1)`,
          [acknowledged.signups],
        );
        const found = new Set(users.map((row) => row.email));
        for (const email of acknowledged.signups) if (!found.has(email)) missing.push(`sign-up ${email}`);

        for (const [page, { acked, unanswered }] of acknowledged.edits) {
          const [row] = await connection.query<{ subtitle: string | null }>(
            `select content->>'subtitle' as subtitle from profiles where id = $1`,
            [page],
          );
          const stored = row?.subtitle ?? undefined;
          // The last acknowledged edit, or one sent after it whose answer a kill cut off.
          if (acked !== undefined && stored !== acked && !unanswered.includes(stored ?? ""))
            missing.push(`edit of ${page}: stored "${stored}", acknowledged "${acked}"`);
        }

        const paid = await connection.query<{ order_number: string; status: string }>(
          `select order_number, status from orders where order_number = any($1)`,
          [acknowledged.payments],
        );
        const paidNow = new Map(paid.map((row) => [row.order_number, row.status]));
        for (const order of acknowledged.payments)
          if (paidNow.get(order) !== "paid")
            missing.push(`payment ${order}: ${paidNow.get(order) ?? "no order"}`);

        const checks: [string, string][] = [
          [
            "a paid order without its payment event",
            `select o.order_number as what from orders o where o.status = 'paid'
             and not exists (select 1 from payment_events e where e.order_id = o.id)`,
          ],
          [
            "a paid order without its subscription",
            `select o.order_number as what from orders o where o.status = 'paid'
             and not exists (select 1 from subscriptions s where s.order_id = o.id)`,
          ],
          [
            "a subscription whose order is not paid",
            `select s.id::text as what from subscriptions s join orders o on o.id = s.order_id
             where o.status <> 'paid'`,
          ],
          [
            "an active page without a paid order",
            `select p.id as what from profiles p where p.status = 'active' and p.id <> '${benchProfileId}'
             and not exists (select 1 from orders o where o.profile_id = p.id and o.status = 'paid')`,
          ],
          [
            "a user without a password hash",
            `select email as what from users where password_hash = '' and deleted_at is null`,
          ],
        ];
        for (const [name, sql] of checks) {
          for (const row of await connection.query<{ what: string }>(sql))
            halfWritten.push(`${name}: ${row.what}`);
        }
      });
    } finally {
      await handle.close();
    }
    return {
      engine,
      crashes: settings.crashes,
      acknowledged: {
        signups: acknowledged.signups.length,
        edits: [...acknowledged.edits.values()].filter((edit) => edit.acked).length,
        payments: acknowledged.payments.length,
      },
      missing,
      halfWritten,
    };
  } finally {
    running = false;
    await Promise.allSettled(writers);
    await app?.stop();
    await place.drop();
  }
}
