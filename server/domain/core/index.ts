export * from "./audit";
export * from "./errors";
export * from "./viewer";
export * from "./tokens";
export * from "./csv";
export * from "./rate-limit";
export * from "./e2e-clock";
export * from "./time";
