// What the admin may do with an invoice now, each behind its own dialog: record a payment (the amount
// defaults to what is left, the day to today; part payments are fine), send a reminder (saying whether
// it adds the fee), credit it (with an optional reason). Only the actions the API allows are offered.
import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "../../../lib/i18n";
import {
  invoicePaymentRequestSchema,
  maxUnitPriceOre,
  type AdminInvoiceDetail,
} from "../../../../contract/invoices";
import { api } from "../../../lib/api";
import { Alert } from "../../alert";
import { Button } from "../../button";
import { DateField } from "../../date-field";
import { Dialog } from "../../dialog";
import { MoneyField } from "../../money-field";
import { TextArea } from "../../text-area";
import { TextField } from "../../text-field";
import { useToast } from "../../toast";
import { invoiceFailureOf } from "./api-failure";
import { errorsOfFields, errorsOfIssues, type InvoiceFieldErrors } from "./invoice-errors";
import { invoiceDay, sek, todayInSweden } from "./invoice-format";
import { Card } from "../../card";

type Props = { invoice: AdminInvoiceDetail; onChange: (invoice: AdminInvoiceDetail) => void };
type Open = "payment" | "reminder" | "credit" | null;

export function InvoiceActions({ invoice, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState<Open>(null);
  const money = (ore: number) => sek(ore, i18n.language);
  const any = invoice.canRecordPayment || invoice.canRemind || invoice.canCredit;
  const close = () => setOpen(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const done = (next: AdminInvoiceDetail) => {
    onChange(next);
    setOpen(null);
    // The button that opened the dialog may be gone now (paid in full, credited): focus stays on the card.
    setTimeout(() => heading.current?.focus(), 0);
  };

  return (
    <Card as="section" aria-labelledby="invoice-actions" className="flex flex-col gap-3 p-5">
      <h2
        id="invoice-actions"
        ref={heading}
        tabIndex={-1}
        className="text-xl font-semibold focus:outline-none"
      >
        {t("adminInvoices.actions.heading")}
      </h2>
      {any ? (
        <div className="flex flex-wrap gap-3">
          {invoice.canRecordPayment && (
            <Button onClick={() => setOpen("payment")}>{t("adminInvoices.actions.recordPayment")}</Button>
          )}
          {invoice.canRemind && (
            <Button variant="secondary" onClick={() => setOpen("reminder")}>
              {t("adminInvoices.actions.sendReminder")}
            </Button>
          )}
          {invoice.canCredit && (
            <Button variant="secondary" onClick={() => setOpen("credit")}>
              {t("adminInvoices.actions.credit")}
            </Button>
          )}
        </div>
      ) : (
        <p className="text-sm text-muted">
          {t(`adminInvoices.actions.none.${invoice.isCreditNote ? "creditNote" : invoice.status}`)}
        </p>
      )}
      {!invoice.canRemind && invoice.status === "sent" && !invoice.isCreditNote && invoice.toPayOre > 0 && (
        <p className="text-sm text-muted">
          {t("adminInvoices.actions.remindAfterDue", { date: invoiceDay(invoice.dueDate, i18n.language) })}
        </p>
      )}
      {invoice.canRemind && (
        <p className="text-sm text-muted">
          {invoice.reminderAddsFeeOre > 0
            ? t("adminInvoices.actions.reminderAddsFee", { fee: money(invoice.reminderAddsFeeOre) })
            : t("adminInvoices.actions.reminderNoFee")}
        </p>
      )}
      <Dialog open={open === "payment"} title={t("adminInvoices.actions.recordPayment")} onClose={close}>
        {open === "payment" && <PaymentForm invoice={invoice} onDone={done} onCancel={close} />}
      </Dialog>
      <Dialog open={open === "reminder"} title={t("adminInvoices.actions.sendReminder")} onClose={close}>
        {open === "reminder" && <ReminderForm invoice={invoice} onDone={done} onCancel={close} />}
      </Dialog>
      <Dialog
        open={open === "credit"}
        title={t("adminInvoices.actions.creditTitle", { number: invoice.number })}
        onClose={close}
      >
        {open === "credit" && <CreditForm invoice={invoice} onDone={done} onCancel={close} />}
      </Dialog>
    </Card>
  );
}

type FormProps = {
  invoice: AdminInvoiceDetail;
  onDone: (invoice: AdminInvoiceDetail) => void;
  onCancel: () => void;
};

/** The dialog's buttons and the alert of a call that failed without naming a field. */
function DialogFooter({
  busy,
  label,
  busyLabel,
  danger,
  onCancel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  danger?: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap justify-end gap-3">
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        {t("adminInvoices.cancel")}
      </Button>
      <Button type="submit" variant={danger ? "danger" : "primary"} busy={busy}>
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}

function useCall() {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<InvoiceFieldErrors>({});
  const [failed, setFailed] = useState<"conflict" | "other" | null>(null);
  async function run(work: () => Promise<void>) {
    setBusy(true);
    setFailed(null);
    try {
      await work();
    } catch (caught) {
      const failure = await invoiceFailureOf(caught);
      const named = errorsOfFields(failure.fields);
      setErrors(named);
      setFailed(Object.keys(named).length > 0 ? null : failure.status === 409 ? "conflict" : "other");
    } finally {
      setBusy(false);
    }
  }
  return { busy, errors, setErrors, failed, run };
}

function CallFailed({ failed }: { failed: "conflict" | "other" | null }) {
  const { t } = useTranslation();
  if (!failed) return null;
  return (
    <Alert
      tone="error"
      title={t(failed === "conflict" ? "adminInvoices.actions.conflict" : "validation.failed")}
    >
      {t(failed === "conflict" ? "adminInvoices.actions.conflictText" : "adminInvoices.tryAgain")}
    </Alert>
  );
}

function PaymentForm({ invoice, onDone, onCancel }: FormProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [amountOre, setAmountOre] = useState<number | null>(invoice.toPayOre > 0 ? invoice.toPayOre : null);
  const [amountProblem, setAmountProblem] = useState<string>();
  const [paidOn, setPaidOn] = useState(todayInSweden);
  const [reference, setReference] = useState("");
  const call = useCall();
  const message = (path: string) => (call.errors[path] ? t(call.errors[path]) : undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = { amountOre: amountOre ?? Number.NaN, paidOn, reference };
    const parsed = invoicePaymentRequestSchema.safeParse(body);
    const found = parsed.success ? {} : errorsOfIssues(parsed.error.issues);
    if (amountProblem) found.amountOre = "adminInvoices.errors.amountInvalid";
    call.setErrors(found);
    if (Object.keys(found).length > 0) return;
    void call.run(async () => {
      const next = (await api.post("/admin/invoices/{id}/payments", { params: { id: invoice.id }, body }))
        .invoice;
      const money = (ore: number) => sek(ore, i18n.language);
      toast.show({
        title: t("adminInvoices.actions.paymentRecorded", { amount: money(body.amountOre) }),
        description:
          next.toPayOre > 0
            ? t("adminInvoices.actions.stillToPay", { amount: money(next.toPayOre) })
            : t("adminInvoices.actions.nowPaid"),
      });
      onDone(next);
    });
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <CallFailed failed={call.failed} />
      <p className="text-sm text-muted">
        {t("adminInvoices.actions.paymentLead", { amount: sek(invoice.toPayOre, i18n.language) })}
      </p>
      <MoneyField
        label={t("adminInvoices.actions.amount")}
        value={amountOre}
        minOre={1}
        maxOre={maxUnitPriceOre}
        onChange={(ore, problem) => {
          setAmountOre(ore);
          setAmountProblem(problem);
        }}
        error={message("amountOre")}
      />
      <DateField
        label={t("adminInvoices.actions.paidOn")}
        value={paidOn}
        max={todayInSweden()}
        onChange={(event) => setPaidOn(event.target.value)}
        error={message("paidOn")}
      />
      <TextField
        label={t("adminInvoices.actions.reference")}
        hint={t("adminInvoices.actions.referenceHint")}
        value={reference}
        maxLength={100}
        onChange={(event) => setReference(event.target.value)}
        error={message("reference")}
      />
      <DialogFooter
        busy={call.busy}
        label={t("adminInvoices.actions.recordPayment")}
        busyLabel={t("adminInvoices.actions.saving")}
        onCancel={onCancel}
      />
    </form>
  );
}

function ReminderForm({ invoice, onDone, onCancel }: FormProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const call = useCall();
  const fee = invoice.reminderAddsFeeOre;
  const money = (ore: number) => sek(ore, i18n.language);

  function submit(event: FormEvent) {
    event.preventDefault();
    void call.run(async () => {
      const next = (await api.post("/admin/invoices/{id}/reminder", { params: { id: invoice.id } })).invoice;
      toast.show({
        title: t("adminInvoices.actions.reminderSent", { email: next.customerEmail }),
        description:
          fee > 0
            ? t("adminInvoices.actions.feeAdded", { fee: money(fee), amount: money(next.toPayOre) })
            : t("adminInvoices.actions.noFeeAdded"),
      });
      onDone(next);
    });
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <CallFailed failed={call.failed} />
      <p>{t("adminInvoices.actions.reminderText", { email: invoice.customerEmail })}</p>
      <p className="font-medium">
        {fee > 0
          ? t("adminInvoices.actions.reminderAddsFee", { fee: money(fee) })
          : t("adminInvoices.actions.reminderNoFee")}
      </p>
      <DialogFooter
        busy={call.busy}
        label={t("adminInvoices.actions.sendReminder")}
        busyLabel={t("adminInvoices.actions.sending")}
        onCancel={onCancel}
      />
    </form>
  );
}

function CreditForm({ invoice, onDone, onCancel }: FormProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const call = useCall();
  const [reason, setReason] = useState("");

  function submit(event: FormEvent) {
    event.preventDefault();
    void call.run(async () => {
      const next = (
        await api.post("/admin/invoices/{id}/credit", { params: { id: invoice.id }, body: { reason } })
      ).invoice;
      toast.show({
        title: t("adminInvoices.actions.credited", { number: next.number }),
        description:
          next.creditNumber !== null
            ? t("adminInvoices.actions.creditNoteNumber", { number: next.creditNumber })
            : undefined,
      });
      onDone(next);
    });
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <CallFailed failed={call.failed} />
      <p>
        {t("adminInvoices.actions.creditText", {
          number: invoice.number,
          amount: sek(invoice.totalOre, i18n.language),
        })}
      </p>
      <TextArea
        label={t("adminInvoices.actions.reason")}
        hint={t("adminInvoices.actions.reasonHint")}
        rows={3}
        maxLength={300}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={call.errors.reason ? t(call.errors.reason) : undefined}
      />
      <DialogFooter
        busy={call.busy}
        danger
        label={t("adminInvoices.actions.credit")}
        busyLabel={t("adminInvoices.actions.crediting")}
        onCancel={onCancel}
      />
    </form>
  );
}
