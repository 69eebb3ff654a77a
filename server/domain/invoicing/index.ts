export * from "./invoices";
export * from "./invoice-rows";
export * from "./invoice-numbers";
export * from "./invoice-delivery";
export * from "./bgmax";
export * from "./bgmax-import";
