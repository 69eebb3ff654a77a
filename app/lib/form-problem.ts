// What a form's check answers for a field: the i18n key of its message, and the message's values.
export type Problem = { key: string; values?: Record<string, number> };
