export * from "./address-labels";
export * from "./admin-qr";
export * from "./profile-qr";
