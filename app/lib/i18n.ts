// i18next set up for one language at a time: it lives in i18n/, shared with the server's e-mails.
export { i18nFor, resources } from "../../i18n";
