// Pages the end-to-end suite needs to provoke what real pages must never do on purpose: a failing
// loader, a render error, a view of feature flags, and a clock for invoices (POST
// /__e2e/backdate-invoice with id and days). They answer 404 unless E2E_FIXTURES=on.
import { useState } from "react";
import { data } from "react-router";
import { backdateInvoice, servicesContext } from "../lib/services.server";
import { useFeatureFlag } from "../lib/use-feature-flag";
import type { Route } from "./+types/e2e-fixtures";

const fixtures = ["server-error", "client-error", "flags"] as const;

export function loader({ params, context, request }: Route.LoaderArgs) {
  const enabled = context.get(servicesContext).config.E2E_FIXTURES === "on";
  const fixture = fixtures.find((name) => name === params.fixture);
  if (!enabled || !fixture) {
    throw data(`Page Not Found: ${new URL(request.url).pathname}`, { status: 404 });
  }
  if (fixture === "server-error") throw new Error("E2E fixture: the loader failed");
  return { fixture };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  if (services.config.E2E_FIXTURES !== "on" || params.fixture !== "backdate-invoice") {
    throw data(`Page Not Found: ${new URL(request.url).pathname}`, { status: 404 });
  }
  const form = await request.formData();
  const days = Number(form.get("days"));
  const moved = Number.isInteger(days) && days > 0 && days < 400;
  const done = moved && (await backdateInvoice(services.db, String(form.get("id")), days));
  return data({ done }, { status: done ? 200 : 400 });
}

export default function E2eFixture({ loaderData }: Route.ComponentProps) {
  return loaderData.fixture === "flags" ? <FlagsFixture /> : <RenderErrorFixture />;
}

function RenderErrorFixture() {
  const [broken, setBroken] = useState(false);
  if (broken) throw new Error("E2E fixture: rendering failed");
  return (
    <button type="button" onClick={() => setBroken(true)}>
      Break rendering
    </button>
  );
}

function FlagsFixture() {
  const on = useFeatureFlag("e2e-flag-on");
  const off = useFeatureFlag("e2e-flag-off");
  return (
    <dl>
      <dt>e2e-flag-on</dt>
      <dd data-testid="flag-on">{String(on)}</dd>
      <dt>e2e-flag-off</dt>
      <dd data-testid="flag-off">{String(off)}</dd>
    </dl>
  );
}
