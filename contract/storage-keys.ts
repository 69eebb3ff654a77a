// Keys the browser keeps data under (spec section 3). No zod here: every page's first load uses them.
export const sessionStorageKey = "session";
