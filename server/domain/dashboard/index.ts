export * from "./admin-dashboard";
export * from "./setup-gaps";
