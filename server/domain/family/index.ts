// A page's family (issue 25): invitations, editors and the hand-over to a new owner.
export * from "./access";
export * from "./invitations";
export * from "./acceptance";
export * from "./people";
export * from "./emails";
