// One memory on the owner's moderation screen: who wrote it and when, the text as written (its line
// breaks kept), the writer's private address, open reports, the owner's reply, and what the owner can
// do with it: show, hide, remove (after a confirmation) and reply; and the photos sent with it, each
// shown or removed on its own.
import { useEffect, useId, useRef, useState } from "react";
import type { OwnerMemory } from "../../../../contract/memories";
import { formatDateTime } from "../../../lib/date-format";
import { useTranslation } from "../../../lib/i18n";
import { Alert } from "../../alert";
import { Button } from "../../button";
import { Dialog } from "../../dialog";
import { StatePill } from "../../state-pill";
import { ReplyEditor } from "./reply-editor";
import { MemoryPhotoDecisions } from "./memory-photo-decisions";
import { decideMemory, useDecision } from "./use-decision";
import { Card } from "../../card";

type Decision = "shown" | "hidden" | "removed";

const busyKeys: Record<Decision, string> = {
  shown: "memoryModeration.actions.showing",
  hidden: "memoryModeration.actions.hiding",
  removed: "memoryModeration.actions.removing",
};

type Props = {
  memory: OwnerMemory;
  /** The page's id: where the memory's photos are. */
  profileId: string;
  /** After a decision the memory leaves this list: where focus goes then. */
  onDecided: () => void;
};

export function MemoryCard({ memory, profileId, onDecided }: Props) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const { busy, failed, decide } = useDecision<Decision>({
    send: (state) => decideMemory(memory.id, state),
    doneTitle: (state) => t(`memoryModeration.actions.${state}`, { name: memory.name }),
    onDecided,
    onSettled: () => setConfirming(false),
  });
  const [replying, setReplying] = useState(false);
  const actions = useRef<HTMLDivElement>(null);
  // The reply closed: focus goes back to its button once the buttons are there again (an effect of
  // that render, not a guess at the next frame).
  const focusReply = useRef(false);
  useEffect(() => {
    if (replying || !focusReply.current) return;
    focusReply.current = false;
    actions.current?.querySelector<HTMLElement>("[data-reply]")?.focus();
  }, [replying]);
  const about = t("memoryModeration.actions.about", { name: memory.name });

  const label = (state: Decision, key: string) => (
    <>
      {busy === state ? t(busyKeys[state]) : t(key)}
      <span className="sr-only"> {about}</span>
    </>
  );

  return (
    <Card
      as="article"
      aria-labelledby={headingId}
      data-memory={memory.id}
      className="flex flex-col gap-3 p-4 sm:p-5"
    >
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="flex min-w-0 flex-col">
          <h3 id={headingId} className="text-lg font-semibold [overflow-wrap:anywhere]">
            {memory.name}
          </h3>
          {memory.relation && (
            <p className="text-sm text-muted [overflow-wrap:anywhere]">{memory.relation}</p>
          )}
        </div>
        <p className="text-sm text-muted tabular-nums">
          <time dateTime={memory.createdAt}>
            {t("memoryModeration.card.written", { date: formatDateTime(memory.createdAt, i18n.language) })}
          </time>
        </p>
      </header>
      {memory.openReports > 0 && (
        <p>
          <StatePill tone="bad" label={t("memoryModeration.card.reports", { count: memory.openReports })} />
        </p>
      )}
      <p className="whitespace-pre-line font-serif leading-relaxed [overflow-wrap:anywhere]">{memory.text}</p>
      <MemoryPhotoDecisions memory={memory} profileId={profileId} />
      {memory.email && (
        <p className="flex flex-col text-xs text-muted">
          <span className="font-medium text-ink [overflow-wrap:anywhere]">
            {t("memoryModeration.card.email", { email: memory.email })}
          </span>{" "}
          <span>{t("memoryModeration.card.emailNote")}</span>
        </p>
      )}
      {memory.reply && !replying && (
        <div className="border-l-2 border-brand pl-3">
          <p className="text-sm font-semibold text-brand">{t("memoryModeration.card.reply")}</p>
          <p className="whitespace-pre-line text-sm [overflow-wrap:anywhere]">{memory.reply}</p>
        </div>
      )}
      {replying && (
        <ReplyEditor
          memoryId={memory.id}
          name={memory.name}
          reply={memory.reply}
          onClose={() => {
            focusReply.current = true;
            setReplying(false);
          }}
        />
      )}
      {failed && <Alert tone="error" title={t("memoryModeration.actions.failed")} />}
      {!replying && (
        <div ref={actions} className="flex flex-wrap gap-2 border-t border-line pt-3">
          {memory.state !== "shown" && (
            <Button busy={busy === "shown"} disabled={busy !== null} onClick={() => void decide("shown")}>
              {label("shown", "memoryModeration.actions.show")}
            </Button>
          )}
          {memory.state !== "hidden" && (
            <Button
              variant="secondary"
              busy={busy === "hidden"}
              disabled={busy !== null}
              onClick={() => void decide("hidden")}
            >
              {label("hidden", "memoryModeration.actions.hide")}
            </Button>
          )}
          <Button data-reply variant="ghost" disabled={busy !== null} onClick={() => setReplying(true)}>
            {t(memory.reply ? "memoryModeration.reply.edit" : "memoryModeration.reply.add")}
            <span className="sr-only"> {t("memoryModeration.reply.about", { name: memory.name })}</span>
          </Button>
          <Button
            variant="ghost"
            className="sm:ml-auto"
            disabled={busy !== null}
            onClick={() => setConfirming(true)}
          >
            {t("memoryModeration.actions.remove")}
            <span className="sr-only"> {about}</span>
          </Button>
        </div>
      )}
      <Dialog
        open={confirming}
        title={t("memoryModeration.remove.title")}
        onClose={() => {
          if (busy === null) setConfirming(false);
        }}
      >
        <p>{t("memoryModeration.remove.text", { name: memory.name })}</p>
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" disabled={busy !== null} onClick={() => setConfirming(false)}>
            {t("memoryModeration.remove.cancel")}
          </Button>
          <Button variant="danger" busy={busy === "removed"} onClick={() => void decide("removed")}>
            {busy === "removed" ? t(busyKeys.removed) : t("memoryModeration.remove.confirm")}
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}
