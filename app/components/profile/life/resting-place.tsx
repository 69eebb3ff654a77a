// The place of rest on the page: the cemetery, block and grave, and "Open in maps" as plain links (a
// `geo:` link for the phone's own map app and OpenStreetMap's page), so no map, tile or script of a
// third party is ever loaded here and the light page needs no JavaScript.
import type { RestingPlace } from "../../../../contract/profiles";
import { useTranslation } from "../../../lib/i18n";
import { geoLink, openStreetMapLink, openStreetMapSearch } from "../../../lib/life-and-place";
import { Card } from "../../card";

function MapLink({ href, children, testId }: { href: string; children: string; testId: string }) {
  return (
    <li className="border-b border-line">
      <a
        href={href}
        rel="noopener noreferrer"
        data-testid={testId}
        className="group flex min-h-12 items-center justify-between gap-4 py-2 font-medium text-ink"
      >
        <span className="group-hover:text-[var(--profile-accent)] group-hover:underline group-hover:underline-offset-4">
          {children}
        </span>
        <span aria-hidden="true" className="text-[var(--profile-accent)]">
          ↗
        </span>
      </a>
    </li>
  );
}

export function RestingPlaceSection({ scope, place }: { scope: string; place: RestingPlace | null }) {
  const { t, i18n } = useTranslation();
  if (!place) return null;
  const { latitude, longitude } = place;
  const spot = latitude !== null && longitude !== null ? { latitude, longitude } : null;
  const rows = [
    { label: t("life.place.cemetery"), value: place.cemetery },
    { label: t("life.place.block"), value: place.block },
    { label: t("life.place.grave"), value: place.grave },
  ].filter((row) => row.value.trim());
  return (
    <section
      aria-labelledby={`${scope}-place`}
      lang={i18n.language}
      data-testid="resting-place"
      className="mx-auto mt-10 flex w-full max-w-[42.5rem] flex-col gap-3 px-5 print:mt-5"
    >
      <h2
        id={`${scope}-place`}
        className="font-sans text-xs font-semibold uppercase tracking-[0.14em] text-muted"
      >
        {t("life.place.heading")}
      </h2>
      <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-start sm:justify-between sm:gap-8">
        <dl className="grid grid-cols-[auto_1fr] items-baseline gap-x-4 gap-y-1 text-ink">
          {rows.map((row) => (
            <div key={row.label} className="contents">
              <dt className="text-sm text-muted">{row.label}</dt>
              <dd className="font-medium">{row.value}</dd>
            </div>
          ))}
        </dl>
        <div className="flex min-w-56 flex-col gap-1 print:hidden">
          <h3 className="font-sans text-sm font-semibold text-ink">{t("life.place.openInMaps")}</h3>
          <ul className="flex flex-col border-t border-line">
            {spot ? (
              <>
                <MapLink href={geoLink(spot.latitude, spot.longitude)} testId="map-geo">
                  {t("life.place.mapApp")}
                </MapLink>
                <MapLink href={openStreetMapLink(spot.latitude, spot.longitude)} testId="map-osm">
                  {t("life.place.openStreetMap")}
                </MapLink>
              </>
            ) : (
              <MapLink href={openStreetMapSearch(place.cemetery)} testId="map-search">
                {t("life.place.findOnMap")}
              </MapLink>
            )}
          </ul>
        </div>
      </Card>
    </section>
  );
}
