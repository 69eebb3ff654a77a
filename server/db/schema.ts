// The database schema (Drizzle), by feature in ./schema/. Migrations in ./migrations are generated from it
// by drizzle-kit (drizzle.config.ts names this file).
export * from "./schema/accounts";
export * from "./schema/security";
export * from "./schema/partners";
export * from "./schema/profiles";
export * from "./schema/billing";
export * from "./schema/invoicing";
export * from "./schema/partner-attributions";
export * from "./schema/memories";
export * from "./schema/family";
export * from "./schema/reminders";
export * from "./schema/partner-pages";
export * from "./schema/pictures";
export * from "./schema/videos";
export * from "./schema/private-pages";
export * from "./schema/continuity";
