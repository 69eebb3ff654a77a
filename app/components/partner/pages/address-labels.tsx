// The partner's pages screen (app/routes/partner/pages.tsx): AddressLabels.
import { useState, type FormEvent } from "react";
import { Alert } from "../../alert";
import { Button } from "../../button";
import { PartnerSection } from "../section";
import { RadioGroup } from "../../radio-group";
import { TextArea } from "../../text-area";
import { api } from "../../../lib/api";
import { failureOf } from "../../../lib/failure";
import { useTranslation } from "../../../lib/i18n";
import { saveFile } from "../../../lib/save-file";

/** Address labels or envelopes for the families' cards: the admin's label maker, for pasted addresses. */
export function AddressLabels() {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [layout, setLayout] = useState<"labels-3x8" | "c5">("labels-3x8");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [failed, setFailed] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      setError(t("partner.pages.labels.empty"));
      return;
    }
    setError(undefined);
    setFailed(false);
    setBusy(true);
    try {
      const pdf = await api.file("post", "/partner/address-labels.pdf", {
        body: { source: "paste", text, layout, startPosition: 1 },
      });
      saveFile(
        new Blob([pdf], { type: "application/pdf" }),
        layout === "c5" ? "kuvert-c5.pdf" : "adressetiketter.pdf",
      );
    } catch (caught) {
      // The admin's tool names each bad block; here one plain sentence says what an address needs.
      if (Object.keys(failureOf(caught).fields).length > 0) setError(t("partner.pages.labels.bad"));
      else setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <PartnerSection title={t("partner.pages.labels.heading")} lead={t("partner.pages.labels.lead")}>
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
        <TextArea
          label={t("partner.pages.labels.addresses")}
          hint={t("partner.pages.labels.hint")}
          name="addresses"
          rows={4}
          value={text}
          error={error}
          onChange={(event) => setText(event.target.value)}
        />
        <RadioGroup
          label={t("partner.pages.labels.layout")}
          name="layout"
          inline
          value={layout}
          onChange={(value) => setLayout(value === "c5" ? "c5" : "labels-3x8")}
          options={[
            { value: "labels-3x8", label: t("partner.pages.labels.sheet") },
            { value: "c5", label: t("partner.pages.labels.c5") },
          ]}
        />
        {failed && <Alert tone="error" title={t("partner.pages.labels.failed")} />}
        <div>
          <Button type="submit" variant="secondary" busy={busy}>
            {t("partner.pages.labels.submit")}
          </Button>
        </div>
      </form>
    </PartnerSection>
  );
}
