export * from "./accounts";
export * from "./passwords";
export * from "./password-reset";
export * from "./sign-in";
export * from "./sessions";
export * from "./email-verification";
export * from "./emails";
