export * from "./privacy";
export * from "./retention";
export * from "./data-export";
export * from "./erasure";
