// The header of an admin screen, with its trail from the admin screens' list: apart from PageHeader so
// that list, and its texts, stay out of the pages a customer loads.
import { useTranslation } from "../../lib/i18n";
import { adminTrail } from "../../lib/admin-screens";
import { PageHeader, type Crumb, type PageHeaderProps } from "../page-header";

/**
 * The header of an admin screen: the trail from the admin home to the screen at `path` (names from
 * app/lib/admin-screens.ts), and `current` after it when the page is one item of the screen.
 */
export function AdminPageHeader({
  path,
  current,
  title,
  ...rest
}: Omit<PageHeaderProps, "breadcrumbs" | "title"> & { path: string; current?: string; title?: string }) {
  const { t } = useTranslation();
  const trail = adminTrail(path).map((step) => ({ label: t(step.label), to: step.path }));
  const crumbs: Crumb[] = current ? [...trail, { label: current }] : trail;
  const screenName = trail.at(-1)?.label ?? "";
  return (
    <PageHeader {...rest} title={title ?? screenName} breadcrumbs={crumbs.length > 1 ? crumbs : undefined} />
  );
}
