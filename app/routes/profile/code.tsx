// /k: find a page by the code on its plaque or card. The code field's form (profile-code-form.tsx)
// sends ?code= here; a code that can be 8 valid characters goes on to its page (302), anything else
// shows the field again with what was typed and why it is no code.
import { useTranslation } from "../../lib/i18n";
import { redirect } from "react-router";
import { isProfileId, normalizeProfileId } from "../../../contract/profile-id";
import { ProfileCodeForm } from "../../components/profile-code-form";
import type { Route } from "./+types/code";
import { Card } from "../../components/card";

/** What is echoed back of a typed code: enough to see the mistake, never a page of text. */
const echoedLength = 64;

export function loader({ request }: Route.LoaderArgs) {
  const typed = new URL(request.url).searchParams.get("code");
  if (typed === null) return { code: "", invalid: false };
  const id = normalizeProfileId(typed);
  if (isProfileId(id)) throw redirect(`/k/${id}`);
  return { code: typed.slice(0, echoedLength), invalid: true };
}

export default function FindByCode({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="code-heading" className="mx-auto flex max-w-xl flex-col gap-6 py-6">
      <title>{t("error.code.title")}</title>
      <h1 id="code-heading" className="text-3xl font-semibold text-brand">
        {t("error.code.heading")}
      </h1>
      <p className="text-muted">{t("error.code.lead")}</p>
      <Card className="p-6">
        {/* A new answer (another code typed) starts the field afresh. */}
        <ProfileCodeForm
          key={`${loaderData.code}:${loaderData.invalid}`}
          initialCode={loaderData.code}
          invalid={loaderData.invalid}
        />
      </Card>
    </section>
  );
}
