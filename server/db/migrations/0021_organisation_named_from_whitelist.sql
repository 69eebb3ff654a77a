-- A partner organisation is named from the start as the admin named the partner on the whitelist
-- (decisions "Pages a family can start, and funeral homes that hand them out"); organisations made
-- before this, still without a name, take the name of their first whitelist entry. Only data.
UPDATE "partner_organisations" AS o
SET "name" = btrim(w."partner_name"), "updated_at" = now()
FROM (
	SELECT DISTINCT ON ("organisation_id") "organisation_id", "partner_name"
	FROM "partner_whitelist"
	WHERE "organisation_id" IS NOT NULL AND btrim("partner_name") <> ''
	ORDER BY "organisation_id", "added_at"
) AS w
WHERE o."id" = w."organisation_id" AND o."name" IS NULL;
