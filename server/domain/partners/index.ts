export * from "./whitelist";
export * from "./signup";
export * from "./organisation";
export * from "./dashboard";
export * from "./customers";
