// The candles on the owner's moderation screen (ADR 026): how many are lit, the names waiting for the
// owner (each to show or hide: a name waits where memories wait), and the names decided, to change
// their mind, and the candles lit without a name ("A candle" and its time); any of them can be removed
// (after a confirmation), which takes the candle out of the count. The count never waits; only a name
// does.
import { useId, useRef, useState } from "react";
import type { OwnerCandleName, OwnerCandles, OwnerUnnamedCandle } from "../../../../contract/memories";
import { formatDateTime } from "../../../lib/date-format";
import { useTranslation } from "../../../lib/i18n";
import { Alert } from "../../alert";
import { Button } from "../../button";
import { Dialog } from "../../dialog";
import { StatePill } from "../../state-pill";
import { Card } from "../../card";
import { decideCandle, useDecision } from "./use-decision";

type Decision = "shown" | "hidden" | "removed";

const doneKeys: Record<Decision, string> = {
  shown: "memoryModeration.candles.nowShown",
  hidden: "memoryModeration.candles.nowHidden",
  removed: "memoryModeration.candles.removed",
};

function CandleName({
  candle,
  onDecided,
}: {
  /** A named candle, or one lit without a name (only to remove). */
  candle: OwnerCandleName | OwnerUnnamedCandle;
  onDecided: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const named = "name" in candle ? candle : null;
  const litAt = formatDateTime(candle.createdAt, i18n.language);
  const { busy, failed, decide } = useDecision<Decision>({
    send: (state) => decideCandle(candle.id, state),
    doneTitle: (state) =>
      named ? t(doneKeys[state], { name: named.name }) : t("memoryModeration.candles.removedUnnamed"),
    onDecided,
    onSettled: () => setConfirming(false),
  });
  const about = named
    ? t("memoryModeration.candles.about", { name: named.name })
    : t("memoryModeration.candles.unnamedAbout", { date: litAt });

  const action = (state: "shown" | "hidden") => (
    <Button
      variant={state === "shown" ? "primary" : "secondary"}
      className="min-h-9 px-3 py-1"
      busy={busy === state}
      disabled={busy !== null}
      onClick={() => void decide(state)}
    >
      {t(`memoryModeration.candles.${state === "shown" ? "show" : "hide"}`)}
      <span className="sr-only"> {about}</span>
    </Button>
  );

  return (
    <li data-candle={candle.id} className="flex flex-col gap-2 border-t border-line py-3 first:border-t-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        {named ? (
          <span className="font-semibold [overflow-wrap:anywhere]">{named.name}</span>
        ) : (
          <span className="font-semibold text-muted">{t("memoryModeration.candles.unnamed")}</span>
        )}
        {named && named.state !== "pending" && (
          <StatePill
            tone={named.state === "shown" ? "good" : "stopped"}
            label={t(`memoryModeration.candles.${named.state}`)}
            state={named.state}
          />
        )}
      </div>
      <p className="text-xs text-muted tabular-nums">
        <time dateTime={candle.createdAt}>{t("memoryModeration.candles.litAt", { date: litAt })}</time>
      </p>
      <div className="flex flex-wrap gap-2">
        {named && named.state !== "shown" && action("shown")}
        {named && named.state !== "hidden" && action("hidden")}
        <Button
          variant="ghost"
          className="min-h-9 px-3 py-1 sm:ml-auto"
          disabled={busy !== null}
          onClick={() => setConfirming(true)}
        >
          {t("memoryModeration.candles.remove")}
          <span className="sr-only"> {about}</span>
        </Button>
      </div>
      {failed && <Alert tone="error" title={t("memoryModeration.actions.failed")} />}
      <Dialog
        open={confirming}
        title={t("memoryModeration.candles.removeTitle")}
        onClose={() => {
          if (busy === null) setConfirming(false);
        }}
      >
        <p>
          {named
            ? t("memoryModeration.candles.removeText", { name: named.name })
            : t("memoryModeration.candles.removeTextUnnamed")}
        </p>
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" disabled={busy !== null} onClick={() => setConfirming(false)}>
            {t("memoryModeration.candles.removeCancel")}
          </Button>
          <Button variant="danger" busy={busy === "removed"} onClick={() => void decide("removed")}>
            {busy === "removed"
              ? t("memoryModeration.candles.removing")
              : t("memoryModeration.candles.removeConfirm")}
          </Button>
        </div>
      </Dialog>
    </li>
  );
}

export function CandlesPanel({ candles, on }: { candles: OwnerCandles; on: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const waitingId = useId();
  // After a decision the name leaves its list: focus goes to the list's heading.
  const waitingHeading = useRef<HTMLHeadingElement>(null);
  const focusWaiting = () => waitingHeading.current?.focus();
  return (
    <Card
      as="section"
      aria-labelledby={headingId}
      data-testid="candles-panel"
      className="flex flex-col gap-1 p-5"
    >
      <h2 id={headingId} className="text-xl font-semibold">
        {t("memoryModeration.candles.heading")}
      </h2>
      <p className="text-2xl font-semibold tabular-nums text-brand" data-testid="candle-count">
        {t("memoryModeration.candles.count", { count: candles.count })}
      </p>
      {candles.latestNames.length > 0 && (
        <p className="text-sm text-muted [overflow-wrap:anywhere]">
          {t("memoryModeration.candles.latest", { names: candles.latestNames.join(", ") })}
        </p>
      )}
      {!on && <p className="text-sm text-muted">{t("memoryModeration.candles.off")}</p>}
      <section aria-labelledby={waitingId} className="mt-3 flex flex-col gap-1 border-t border-line pt-3">
        <h3
          id={waitingId}
          ref={waitingHeading}
          tabIndex={-1}
          className="text-base font-semibold focus:outline-none"
        >
          {candles.waitingCount > 0
            ? t("memoryModeration.candles.waiting", { count: candles.waitingCount })
            : t("memoryModeration.candles.noneWaiting")}
        </h3>
        <p className="text-sm text-muted">{t("memoryModeration.candles.waitingLead")}</p>
        {candles.waiting.length > 0 && (
          <ul className="flex flex-col" data-testid="candle-names-waiting">
            {candles.waiting.map((candle) => (
              <CandleName key={candle.id} candle={candle} onDecided={focusWaiting} />
            ))}
          </ul>
        )}
      </section>
      {candles.decided.length > 0 && (
        <details className="mt-2 border-t border-line pt-3">
          <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand">
            {t("memoryModeration.candles.decided")}
          </summary>
          <ul className="flex flex-col" data-testid="candle-names-decided">
            {candles.decided.map((candle) => (
              <CandleName key={candle.id} candle={candle} onDecided={focusWaiting} />
            ))}
          </ul>
        </details>
      )}
      {candles.unnamed.length > 0 && (
        <details className="mt-2 border-t border-line pt-3">
          <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand">
            {t("memoryModeration.candles.unnamedList", { count: candles.unnamedCount })}
          </summary>
          {/* The newest only (server/domain/memories/candle-names.ts): older ones wait their turn. */}
          {candles.unnamedCount > candles.unnamed.length && (
            <p className="text-sm text-muted">
              {t("memoryModeration.candles.unnamedCapped", { shown: candles.unnamed.length })}
            </p>
          )}
          <ul className="flex flex-col" data-testid="candles-unnamed">
            {candles.unnamed.map((candle) => (
              <CandleName key={candle.id} candle={candle} onDecided={focusWaiting} />
            ))}
          </ul>
        </details>
      )}
    </Card>
  );
}
