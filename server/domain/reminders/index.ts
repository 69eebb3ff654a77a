export * from "./access";
export * from "./occasions";
export * from "./subscriptions";
export * from "./sweep";
export * from "./calendar";
export * from "./icalendar";
