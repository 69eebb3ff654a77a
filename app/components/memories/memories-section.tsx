// The public page's memories and candles (ADR 026): what a post came back with, the candles with
// their count and latest names, the shown memories newest first (paged with links), and the form to
// write one. Rendered the same on the light page (no script) and in the app.
import { useTranslation } from "../../lib/i18n";
import { formatDate } from "../../lib/date-format";
import { memoryFormAnchors, type MemoryFormPlace, type MemoryOutcome } from "../../../contract/memory-values";
import type { PublicMemories, PublicMemory } from "../../../contract/memories";
import { Alert } from "../alert";
import { CandleForm, CandleIcon, ReportForm, WriteMemoryForm, type Refill } from "./visitor-forms";
import { Card } from "../card";
import { MemoryPhotos } from "./memory-photos";
import { useStaticCopy } from "../../lib/static-copy";

export type Outcome = Refill & { outcome: MemoryOutcome; at: MemoryFormPlace };

type Props = {
  profileId: string;
  memories: PublicMemories & { formToken: string; before: string | null };
  outcome: Outcome | null;
};

const goodOutcomes = new Set<MemoryOutcome>([
  "shown",
  "pending",
  "candle",
  "candleWaiting",
  "reported",
  "deleted",
]);

/** The outcome of a post, if it belongs at this place of the page. */
function OutcomeMessage({ outcome, at }: { outcome: Outcome | null; at: MemoryFormPlace }) {
  const { t } = useTranslation();
  if (outcome?.at !== at) return null;
  return (
    <Alert tone={goodOutcomes.has(outcome.outcome) ? "success" : "error"}>
      {t(`memories.outcome.${outcome.outcome}`)}
    </Alert>
  );
}

function MemoryItem({
  memory,
  profileId,
  formToken,
}: {
  memory: PublicMemory;
  profileId: string;
  formToken: string;
}) {
  const { t, i18n } = useTranslation();
  // The static copy has no server to send a report to (ADR 046).
  const staticCopy = useStaticCopy();
  return (
    <li className="flex flex-col gap-3 border-b border-line py-6 last:border-b-0">
      <p className="whitespace-pre-line font-serif text-lg leading-relaxed text-ink">{memory.text}</p>
      <MemoryPhotos profileId={profileId} photos={memory.photos} writer={memory.name} />
      <p className="text-sm text-muted">
        <span className="font-semibold text-ink">
          {memory.relation
            ? t("memories.writtenBy", { name: memory.name, relation: memory.relation })
            : memory.name}
        </span>
        {" · "}
        <time dateTime={memory.createdAt}>{formatDate(memory.createdAt, i18n.language, "long")}</time>
      </p>
      {memory.reply && (
        <div className="rounded-[var(--radius-control)] border-l-4 border-[var(--profile-colour,var(--color-brand))] bg-raised px-4 py-3">
          <p className="text-xs font-semibold uppercase tracking-[0.12em] text-muted">
            {t("memories.reply")}
          </p>
          <p className="mt-1 whitespace-pre-line text-ink">{memory.reply}</p>
        </div>
      )}
      {!staticCopy && <ReportForm profileId={profileId} memoryId={memory.id} formToken={formToken} />}
    </li>
  );
}

/**
 * The candles and the form to light one: on a live page among its memories, and alone on a resting
 * one, where a visitor at the grave may still light one (decisions "Where money meets people").
 */
export function Candles({
  profileId,
  candles,
  formToken,
  moderation,
  outcome,
  heading = "h3",
  className = "",
}: {
  profileId: string;
  candles: PublicMemories["candles"];
  formToken: string;
  moderation: PublicMemories["moderation"];
  outcome: Outcome | null;
  /** The heading's level where the card stands (under the memories' h2, or the page's own h1). */
  heading?: "h2" | "h3";
  className?: string;
}) {
  const { t } = useTranslation();
  const { count, latestNames } = candles;
  const Heading = heading;
  const staticCopy = useStaticCopy();
  return (
    <Card
      as="section"
      id={memoryFormAnchors.candles}
      aria-labelledby="candles-heading"
      data-testid="candles"
      className={`scroll-mt-6 p-5 sm:p-6 ${className}`}
    >
      <div className="flex items-start gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand">
          <CandleIcon className="size-7" />
        </span>
        <div className="flex flex-col gap-1">
          <Heading id="candles-heading" className="text-lg font-semibold text-ink">
            {t("memories.candles.heading")}
          </Heading>
          <p className="text-ink" data-testid="candles-count">
            {count === 0 ? t("memories.candles.none") : t("memories.candles.count", { count })}
          </p>
          {latestNames.length > 0 && (
            <p className="text-sm text-muted">
              {t("memories.candles.latest", { names: latestNames.join(", ") })}
            </p>
          )}
        </div>
      </div>
      {staticCopy ? (
        <p className="mt-4 text-sm text-muted">{t("staticCopy.candlesClosed")}</p>
      ) : (
        <div className="mt-5 flex flex-col gap-4">
          <OutcomeMessage outcome={outcome} at="candles" />
          <CandleForm
            profileId={profileId}
            formToken={formToken}
            moderation={moderation}
            refillName={outcome?.at === "candles" ? outcome.name : undefined}
          />
        </div>
      )}
    </Card>
  );
}

export function MemoriesSection({ profileId, memories, outcome }: Props) {
  const { t } = useTranslation();
  // The static copy holds every shown memory on the one page and no form (ADR 046).
  const staticCopy = useStaticCopy();
  const writing = memories.moderation !== "off";
  if (!writing && !memories.candlesOn) return null;
  const pageLink = (query: string) => `/k/${profileId}${query}#memories`;
  return (
    <section
      id={memoryFormAnchors.list}
      aria-labelledby="memories-heading"
      className="drawn-when-near mx-auto mt-12 flex w-full max-w-[42.5rem] scroll-mt-6 flex-col gap-8 px-5 pb-8 [--estimated-height:90rem] print:hidden"
    >
      <header className="flex flex-col gap-1 border-t border-line pt-10">
        <h2 id="memories-heading" className="font-serif text-3xl font-semibold text-ink">
          {t("memories.heading")}
        </h2>
        {!staticCopy && <p className="text-muted">{t("memories.lead")}</p>}
      </header>
      <OutcomeMessage outcome={outcome} at="list" />
      {memories.candlesOn && (
        <Candles
          profileId={profileId}
          candles={memories.candles}
          formToken={memories.formToken}
          moderation={memories.moderation}
          outcome={outcome}
        />
      )}
      {writing && (
        <>
          {memories.memories.length === 0 && !memories.before ? (
            <p className="text-muted">{t("memories.empty")}</p>
          ) : (
            <ul className="flex flex-col">
              {memories.memories.map((memory) => (
                <MemoryItem
                  key={memory.id}
                  memory={memory}
                  profileId={profileId}
                  formToken={memories.formToken}
                />
              ))}
            </ul>
          )}
          {!staticCopy && (memories.next || memories.before) && (
            <nav aria-label={t("memories.heading")} className="flex flex-wrap gap-4 text-sm">
              {memories.before && (
                <a
                  href={pageLink("")}
                  className="inline-flex min-h-11 items-center font-semibold text-brand underline-offset-4 hover:underline"
                >
                  {t("memories.newest")}
                </a>
              )}
              {memories.next && (
                <a
                  href={pageLink(`?before=${encodeURIComponent(memories.next)}`)}
                  className="inline-flex min-h-11 items-center font-semibold text-brand underline-offset-4 hover:underline"
                >
                  {t("memories.older")}
                </a>
              )}
            </nav>
          )}
          {staticCopy ? (
            <p className="text-muted" data-testid="static-copy-closed">
              {t("staticCopy.memoriesClosed")}
            </p>
          ) : (
            <Card
              as="section"
              id={memoryFormAnchors.write}
              aria-labelledby="write-memory-heading"
              className="flex scroll-mt-6 flex-col gap-4 p-5 sm:p-6"
            >
              <h3 id="write-memory-heading" className="text-lg font-semibold text-ink">
                {t("memories.form.heading")}
              </h3>
              <OutcomeMessage outcome={outcome} at="write" />
              <WriteMemoryForm
                profileId={profileId}
                formToken={memories.formToken}
                moderation={memories.moderation}
                refill={outcome?.at === "write" ? outcome : null}
              />
            </Card>
          )}
        </>
      )}
    </section>
  );
}
