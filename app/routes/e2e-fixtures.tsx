// Pages the end-to-end suite needs to provoke what real pages must never do on purpose: a failing
// loader, a render error, a view of feature flags, a clock for invoices (POST
// /__e2e/backdate-invoice with id and days), and photos on a page (POST /__e2e/seed-photos with id, and
// many=on for a hundred). They answer 404 unless E2E_FIXTURES=on.
import { useState } from "react";
import { data } from "react-router";
import { backdateInvoice, servicesContext } from "../lib/services.server";
import { seedE2ePhotos } from "../lib/e2e-photos.server";
import { isProfileId } from "../../contract/profile-id";
import { useFeatureFlag } from "../lib/use-feature-flag";
import type { Route } from "./+types/e2e-fixtures";

const fixtures = ["server-error", "client-error", "flags", "seed-photos"] as const;

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
  const fixture = params.fixture;
  if (
    services.config.E2E_FIXTURES !== "on" ||
    (fixture !== "backdate-invoice" && fixture !== "seed-photos")
  ) {
    throw data(`Page Not Found: ${new URL(request.url).pathname}`, { status: 404 });
  }
  const form = await request.formData();
  if (fixture === "seed-photos") {
    const profileId = String(form.get("id"));
    if (!isProfileId(profileId)) return data({ done: false }, { status: 400 });
    return data(await seedE2ePhotos(services, { profileId, many: form.get("many") === "on" }));
  }
  const days = Number(form.get("days"));
  const moved = Number.isInteger(days) && days > 0 && days < 400;
  const done = moved && (await backdateInvoice(services.db, String(form.get("id")), days));
  return data({ done }, { status: done ? 200 : 400 });
}

export default function E2eFixture({ loaderData, actionData }: Route.ComponentProps) {
  // The photos put on a page, for the suite to read (a form post answers with the page, not JSON).
  if (loaderData.fixture === "seed-photos")
    return <pre data-testid="seeded">{JSON.stringify(actionData ?? null)}</pre>;
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
