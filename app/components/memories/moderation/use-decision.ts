// The owner's decision on a memory or a candle's name (show, hide, remove): the button that was
// pressed is busy and all are held meanwhile; done, the toast says so and the item leaves its list;
// gone meanwhile (404: another owner or an admin decided first), the toast says that and the list
// loads again; any other failure leaves the item where it is, with an error beside it.
import { useState } from "react";
import { api, ApiError } from "../../../lib/api";
import { useTranslation } from "../../../lib/i18n";
import { useToast } from "../../toast";

export function useDecision<Decision extends string>({
  send,
  doneTitle,
  onDecided,
  onSettled,
}: {
  send: (decision: Decision) => Promise<unknown>;
  /** The toast's text once the decision is made. */
  doneTitle: (decision: Decision) => string;
  onDecided: () => void;
  /** Runs once the answer is in, whatever it was (a confirmation closes). */
  onSettled?: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState<Decision | null>(null);
  const [failed, setFailed] = useState(false);

  async function decide(decision: Decision) {
    setBusy(decision);
    setFailed(false);
    try {
      await send(decision);
      toast.show({ title: doneTitle(decision) });
      onSettled?.();
      onDecided();
    } catch (caught) {
      onSettled?.();
      if (caught instanceof ApiError && caught.status === 404) {
        toast.show({ tone: "error", title: t("memoryModeration.actions.gone") });
        onDecided();
      } else {
        setFailed(true);
      }
    } finally {
      setBusy(null);
    }
  }

  return { busy, failed, decide };
}

/** The answers' endpoints, so that a card names only what it decides on. */
export const decideMemory = (memoryId: string, state: "shown" | "hidden" | "removed") =>
  api.post("/kammare/memories/decision", { body: { memoryId, state } });
export const decideCandle = (candleId: string, state: "shown" | "hidden" | "removed") =>
  state === "removed"
    ? api.post("/kammare/candles/remove", { body: { candleId } })
    : api.post("/kammare/candles/decision", { body: { candleId, state } });
