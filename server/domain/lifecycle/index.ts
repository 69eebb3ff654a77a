export * from "./lifecycle";
