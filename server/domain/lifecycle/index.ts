export * from "./sweep";
export * from "./status-rules";
export * from "./notices";
export * from "./deps";
