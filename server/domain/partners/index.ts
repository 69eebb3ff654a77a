export * from "./whitelist";
export * from "./signup";
export * from "./organisation";
export * from "./dashboard";
export * from "./customers";
export * from "./invitations";
export * from "./colleagues";
