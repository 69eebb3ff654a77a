// A year anyone can give a page (decisions "A page that lasts as long as the grave", ADR 044): a
// signed-in visitor pays one year, by card or invoice, without becoming its owner or editor; the
// family is told who gave it unless the giver asked to stay anonymous.
import { billingAddressSchema } from "./invoices";
import { profileIdSchema } from "./profiles";
import { text, z } from "./zod";

/** The longest name a giver may sign with. */
export const giverNameMaxLength = 120;

const giftDetails = {
  profileId: profileIdSchema,
  /** True: the family's e-mail says "someone" instead of the giver's name. */
  anonymous: z.boolean({ error: "anonymous is true or false." }),
  /** The name the family is told (the giver's address when none is given); unused when anonymous. */
  giverName: text("The giver's name")
    .trim()
    .max(giverNameMaxLength, `The giver's name is at most ${giverNameMaxLength} characters.`)
    .nullish()
    .transform((value) => (value ? value : null)),
};

/** POST /api/checkout/gift/card: a year given by card; the answer is a card checkout's. */
export const startGiftCardRequestSchema = z.object(giftDetails);
export type StartGiftCardRequest = z.input<typeof startGiftCardRequestSchema>;

/** POST /api/checkout/gift/faktura: a year given by invoice, in the giver's own name. */
export const startGiftInvoiceRequestSchema = z.object({ ...giftDetails, billing: billingAddressSchema });
export type StartGiftInvoiceRequest = z.input<typeof startGiftInvoiceRequestSchema>;

/** What a gift asks of the page's time: one year, from where the page's time ends. */
export const giftYears = 1;
