// /admin/first-names: the list of first names that have a "coming soon" page at /{name}.
import { useState, type FormEvent } from "react";
import { useTranslation } from "../../lib/i18n";
import { Link } from "react-router";
import { Button } from "../../components/button";
import { DataTable } from "../../components/data-table";
import { EmptyState, emptyIcons } from "../../components/empty-state";
import { FormAlert } from "../../components/form-alert";
import { AdminPageHeader } from "../../components/admin/admin-page-header";
import { TextField } from "../../components/text-field";
import { useToast } from "../../components/toast";
import { api } from "../../lib/api";
import { formatDate } from "../../lib/date-format";
import { useFormSubmit } from "../../lib/use-form-submit";
import { listFirstNames, servicesContext } from "../../lib/services.server";
import type { Route } from "./+types/first-names";
import { fieldRowClass } from "../../components/field";

export async function loader({ context }: Route.LoaderArgs) {
  return { names: await listFirstNames(context.get(servicesContext).db) };
}

export default function FirstNames({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [name, setName] = useState("");
  const form = useFormSubmit({
    fields: ["name"],
    messages: { conflict: "firstNames.taken", invalid_request: "firstNames.reserved" },
    quietWhenExplained: true,
  });

  function add(event: FormEvent) {
    const typed = name.trim();
    return form.submit(event, {
      check: () => ({
        name: /^\p{L}+(?:-\p{L}+)*$/u.test(typed) && typed.length <= 40 ? undefined : "firstNames.invalid",
      }),
      send: async () => {
        await api.post("/admin/first-names", { body: { name: typed } });
      },
      onDone: async () => {
        setName("");
        toast.show({ title: t("toast.firstNameAdded", { name: typed }) });
      },
    });
  }

  async function remove(entry: string, shown: string) {
    try {
      await api.delete("/admin/first-names/{name}", { params: { name: entry } });
      toast.show({ title: t("toast.firstNameRemoved", { name: shown }) });
    } catch (caught) {
      form.fail(caught);
    }
  }

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <title>{t("firstNames.title")}</title>
      <AdminPageHeader
        path="/admin/first-names"
        title={t("firstNames.heading")}
        description={t("firstNames.lead")}
      />
      <form noValidate onSubmit={(event) => void add(event)} className={fieldRowClass("end")}>
        <TextField
          className="flex-1"
          label={t("firstNames.name")}
          name="first-name"
          value={name}
          maxLength={40}
          onChange={(event) => setName(event.target.value)}
          error={form.message("name")}
        />
        <Button type="submit" busy={form.busy}>
          {t("firstNames.add")}
        </Button>
      </form>
      <FormAlert form={form} />
      <DataTable
        caption={t("firstNames.heading")}
        rowKey={(row) => row.name}
        rows={loaderData.names}
        empty={
          <EmptyState
            icon={emptyIcons.list}
            title={t("firstNames.empty")}
            text={t("emptyState.firstNames")}
          />
        }
        columns={[
          {
            key: "name",
            header: t("firstNames.name"),
            cell: (row) => (
              <Link to={`/${row.name}`} className="text-brand underline">
                {row.displayName}
              </Link>
            ),
          },
          {
            key: "created",
            header: t("firstNames.created"),
            cell: (row) => formatDate(row.createdAt, i18n.language),
          },
          {
            key: "remove",
            header: t("firstNames.actions"),
            cell: (row) => (
              <Button variant="ghost" onClick={() => void remove(row.name, row.displayName)}>
                {t("firstNames.remove", { name: row.displayName })}
              </Button>
            ),
          },
        ]}
      />
    </div>
  );
}
