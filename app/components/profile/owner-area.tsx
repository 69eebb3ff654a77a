// What the owner (or an admin) sees on their page: the walkthrough until it is published, then the
// page with an owner bar, banners for the trial, a due payment or a resting page, and the editor.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { plans } from "../../../contract/pricing";
import { walkthroughSteps } from "../../../contract/profile-values";
import { formatDate } from "../../lib/date-format";
import { formatMoney } from "../../lib/format";
import type { ProfilePageData } from "./page-data";
import { Alert } from "../alert";
import { Button } from "../button";
import { Editor } from "./editor";
import { ProfileView } from "./profile-view";
import { Walkthrough } from "./walkthrough";

export function OwnerArea({ data }: { data: ProfilePageData }) {
  const { t, i18n } = useTranslation();
  const revalidator = useRevalidator();
  const [mode, setMode] = useState<"view" | "edit">("view");
  const content = data.content;
  if (!content) return null;
  const published = data.walkthroughDone.includes("publish");
  if (!published && data.status === "draft") {
    return (
      <Walkthrough
        id={data.id}
        initial={content}
        visibility={data.visibility}
        done={data.walkthroughDone.filter((step) => walkthroughSteps.includes(step))}
        onPublished={() => void revalidator.revalidate()}
      />
    );
  }
  const prices = {
    monthly: formatMoney(plans.monthly.price, i18n.language),
    yearly: formatMoney(plans.yearly.price, i18n.language),
  };
  return (
    <div className="flex flex-col gap-6">
      <div
        role="region"
        aria-label={t("profile.ownerBar.label")}
        className="mx-auto flex w-full max-w-2xl flex-wrap items-center justify-between gap-3 rounded-[var(--radius-card)] border border-line bg-brand-soft px-4 py-3"
      >
        <p className="font-medium text-brand">{t("profile.ownerBar.label")}</p>
        <Button
          variant={mode === "edit" ? "secondary" : "primary"}
          onClick={() => setMode(mode === "edit" ? "view" : "edit")}
        >
          {mode === "edit" ? t("profile.ownerBar.view") : t("profile.ownerBar.edit")}
        </Button>
      </div>
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-3">
        {data.status === "trial" && data.trialEndsAt && (
          <Alert
            tone="info"
            title={t("profile.trialBanner", {
              date: formatDate(data.trialEndsAt, i18n.language, "long"),
            })}
          />
        )}
        {data.status === "past_due" && <Alert tone="error" title={t("profile.pastDue")} />}
        {data.status === "expired" && <Alert tone="info" title={t("profile.resting.owner", prices)} />}
      </div>
      {mode === "edit" ? (
        <Editor
          id={data.id}
          initial={content}
          visibility={data.visibility}
          onSaved={() => void revalidator.revalidate()}
          onClose={() => setMode("view")}
        />
      ) : (
        <ProfileView id={data.id} content={content} pageUrl={data.pageUrl} />
      )}
    </div>
  );
}
