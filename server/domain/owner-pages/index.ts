export * from "./owner-pages";
