// /admin/partner/whitelist: the addresses that may sign up as partners, each with its partner's name
// (the organisation a sign-up joins or creates). Add, change, remove; the server audits every change.
// Removing an entry stops new sign-ups only: an account made with it stays (ADR 014). A new address
// receives its invitation e-mail at once; "Send again" sends it once more.
import { useState } from "react";
import { useTranslation } from "../../lib/i18n";
import type { WhitelistEntry } from "../../../contract/partners";
import { Button } from "../../components/button";
import { DataTable } from "../../components/data-table";
import { Dialog } from "../../components/dialog";
import { EmptyState, emptyIcons } from "../../components/empty-state";
import { AdminPageHeader } from "../../components/admin/admin-page-header";
import { WhitelistEntryForm } from "../../components/partner/whitelist-entry-form";
import { StatePill } from "../../components/state-pill";
import { useToast } from "../../components/toast";
import { api } from "../../lib/api";
import { formatDate } from "../../lib/date-format";
import { failureOf } from "../../lib/failure";
import { listWhitelist, servicesContext } from "../../lib/services.server";
import type { Route } from "./+types/partner-whitelist";
import { Card } from "../../components/card";

export async function loader({ context }: Route.LoaderArgs) {
  return { entries: await listWhitelist(context.get(servicesContext).db) };
}

export default function PartnerWhitelist({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [editing, setEditing] = useState<WhitelistEntry | null>(null);
  const [removing, setRemoving] = useState<WhitelistEntry | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const [sending, setSending] = useState<string | null>(null);

  // The invitation e-mail goes out by itself when an address is added; this sends it once more.
  async function sendAgain(entry: WhitelistEntry) {
    setSending(entry.id);
    try {
      await api.post("/admin/partner-whitelist/{id}/invitation", { params: { id: entry.id } });
      toast.show({ title: t("adminPartners.resend.done", { email: entry.email }) });
    } catch {
      toast.show({ tone: "error", title: t("adminPartners.resend.failed") });
    } finally {
      setSending(null);
    }
  }

  async function remove(entry: WhitelistEntry) {
    setRemoveBusy(true);
    try {
      await api.delete("/admin/partner-whitelist/{id}", { params: { id: entry.id } });
      setRemoving(null);
      toast.show({ title: t("adminPartners.remove.done", { email: entry.email }) });
    } catch (caught) {
      const { code } = failureOf(caught);
      toast.show({
        tone: "error",
        title: t("adminPartners.remove.failed"),
        description: code === "not_found" ? t("adminPartners.remove.gone") : undefined,
      });
      setRemoving(null);
    } finally {
      setRemoveBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <title>{t("adminPartners.title")}</title>
      <AdminPageHeader
        path="/admin/partner/whitelist"
        title={t("adminPartners.heading")}
        description={t("adminPartners.lead")}
      />
      <Card as="section" aria-labelledby="whitelist-add" className="flex flex-col gap-3 p-4">
        <h2 id="whitelist-add" className="text-lg font-semibold">
          {t("adminPartners.add.heading")}
        </h2>
        <p className="text-sm text-muted">{t("adminPartners.partnerNameHint")}</p>
        <WhitelistEntryForm
          onSaved={async (entry) => {
            toast.show({ title: t("adminPartners.add.done", { email: entry.email }) });
          }}
        />
      </Card>
      <DataTable
        caption={t("adminPartners.caption")}
        rows={loaderData.entries}
        rowKey={(row) => row.id}
        empty={
          <EmptyState
            icon={emptyIcons.list}
            title={t("adminPartners.empty")}
            text={t("adminPartners.emptyText")}
          />
        }
        columns={[
          {
            key: "email",
            header: t("adminPartners.email"),
            cell: (row) => row.email,
            wrap: "anywhere",
            className: "min-w-56",
          },
          { key: "name", header: t("adminPartners.partnerName"), cell: (row) => row.partnerName },
          {
            key: "organisation",
            header: t("adminPartners.organisation"),
            cell: (row) =>
              row.organisation ? (
                <span className="flex flex-col">
                  <span>{row.organisation.name ?? t("adminPartners.unnamed")}</span>
                  <span className="font-mono text-xs text-muted">?ref={row.organisation.slug}</span>
                </span>
              ) : (
                <span className="text-muted">–</span>
              ),
          },
          {
            key: "signedUp",
            header: t("adminPartners.signedUp"),
            cell: (row) =>
              row.signedUp ? (
                <StatePill tone="good" label={t("adminPartners.state.signedUp")} state="signed-up" />
              ) : (
                <StatePill tone="waiting" label={t("adminPartners.state.invited")} state="invited" />
              ),
            wrap: "never",
          },
          {
            key: "added",
            header: t("adminPartners.added"),
            cell: (row) => (
              <span className="flex flex-col">
                <span>{formatDate(row.addedAt, i18n.language)}</span>
                <span className="text-xs text-muted [overflow-wrap:anywhere]">
                  {row.addedBy ?? t("adminPartners.addedByGone")}
                </span>
              </span>
            ),
          },
          {
            key: "actions",
            header: t("adminPartners.actions"),
            cell: (row) => (
              <span className="flex flex-wrap gap-1">
                {!row.signedUp && (
                  <Button
                    variant="ghost"
                    busy={sending === row.id}
                    onClick={() => void sendAgain(row)}
                    aria-label={t("adminPartners.resend.label", { email: row.email })}
                  >
                    {t("adminPartners.resend.button")}
                  </Button>
                )}
                <Button
                  variant="ghost"
                  onClick={() => setEditing(row)}
                  aria-label={t("adminPartners.edit.label", { email: row.email })}
                >
                  {t("adminPartners.edit.button")}
                </Button>
                <Button
                  variant="ghost"
                  onClick={() => setRemoving(row)}
                  aria-label={t("adminPartners.remove.label", { email: row.email })}
                >
                  {t("adminPartners.remove.button")}
                </Button>
              </span>
            ),
            wrap: "never",
          },
        ]}
      />
      <Dialog open={!!editing} title={t("adminPartners.edit.heading")} onClose={() => setEditing(null)}>
        {editing && (
          <WhitelistEntryForm
            key={editing.id}
            entry={editing}
            onCancel={() => setEditing(null)}
            onSaved={async (entry) => {
              setEditing(null);
              toast.show({ title: t("adminPartners.edit.done", { email: entry.email }) });
            }}
          />
        )}
      </Dialog>
      <Dialog open={!!removing} title={t("adminPartners.remove.heading")} onClose={() => setRemoving(null)}>
        {removing && (
          <>
            <p>{t("adminPartners.remove.body", { email: removing.email, name: removing.partnerName })}</p>
            <div className="mt-5 flex flex-wrap justify-end gap-3">
              <Button variant="secondary" onClick={() => setRemoving(null)}>
                {t("adminPartners.cancel")}
              </Button>
              <Button variant="danger" busy={removeBusy} onClick={() => void remove(removing)}>
                {t("adminPartners.remove.confirm")}
              </Button>
            </div>
          </>
        )}
      </Dialog>
    </div>
  );
}
