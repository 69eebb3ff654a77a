// The pages awaiting a plaque, for the address PDF maker: the list (loaded when its tab is first
// opened), which of them are chosen, which were last printed, and marking the chosen plaques sent.
import { useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import type { AwaitingPlaques } from "../../../../contract/address-labels";
import { api } from "../../../lib/api";
import { failureOf } from "../../../lib/failure";
import { refusalText } from "../../../lib/refusal";
import { useToast } from "../../toast";

export type Awaiting = { state: "idle" | "loading" | "failed" } | { state: "ready"; list: AwaitingPlaques };

/** `onMarked` runs once plaques are marked sent, before the list is loaded again. */
export function useAwaitingPlaques({ onMarked }: { onMarked: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [awaiting, setAwaiting] = useState<Awaiting>({ state: "idle" });
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [printed, setPrinted] = useState<string[]>([]);
  const [marking, setMarking] = useState(false);

  async function load() {
    setAwaiting({ state: "loading" });
    try {
      const list = await api.get("/admin/address-labels/awaiting");
      setAwaiting({ state: "ready", list });
      // A choice that has left the list (marked elsewhere) is dropped.
      setChosen(
        (before) => new Set(list.rows.filter((row) => before.has(row.profileId)).map((r) => r.profileId)),
      );
    } catch {
      setAwaiting({ state: "failed" });
    }
  }

  async function markSent() {
    const ids = [...chosen];
    if (ids.length === 0) return;
    setMarking(true);
    try {
      const { marked } = await api.post("/admin/address-labels/plaques-sent", { body: { profileIds: ids } });
      toast.show({ title: t("adminLabels.awaiting.marked", { count: marked }) });
      setChosen(new Set());
      setPrinted([]);
      onMarked();
      await load();
    } catch (caught) {
      // A code that names no page refuses the whole call; the refusal says so in the reader's language.
      toast.show({
        title: t("adminLabels.awaiting.markFailed"),
        tone: "error",
        description: refusalText(t, failureOf(caught)),
      });
    } finally {
      setMarking(false);
    }
  }

  return { awaiting, chosen, setChosen, printed, setPrinted, marking, load, markSent };
}
