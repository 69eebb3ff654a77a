// What is wrong with an address list, as the address PDF maker shows it: each problem where (in words:
// "Row 3, postcode", "Address 2", "Page ABCD1234") and what, in the reader's language; and their list.
import type { RefObject } from "react";
import { useTranslation } from "../../../lib/i18n";
import {
  addressLabelMessages,
  addressLabelsErrorSchema,
  type AddressLabelsRequest,
} from "../../../../contract/address-labels";
import {
  addressMessages,
  maxAddresses,
  maxAddressInputChars,
  type AddressMessage,
} from "../../../../contract/addresses";
import { errorBodyOf } from "../../../lib/failure";
import { Alert } from "../../alert";
import type { LabelSource } from "./source-tabs";
import { formatNumber } from "../../../lib/format";

/** One problem as the screen lists it: where (already in words) and what, in the reader's language. */
export type ShownProblem = { where: string; message: string };

/** A list with thousands of bad rows shows the first ones and says how many more there are. */
const shownProblems = 200;

const messageNames = Object.keys(addressMessages) as AddressMessage[];
const labelMessageNames = Object.keys(addressLabelMessages) as (keyof typeof addressLabelMessages)[];

export function useLabelProblems() {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, i18n.language);

  /** Where a field of the 400 is, in words: "Row 3, postcode", "Address 2", "Page ABCD1234". */
  function whereOf(field: string, profileIds: string[]): string {
    const parts = field.split(".");
    const [head, at, name] = parts;
    const fieldWord = name ? `, ${t(`adminLabels.fields.${name}`)}` : "";
    if (head === "rows") return `${t("adminLabels.errors.row", { at })}${fieldWord}`;
    if (head === "blocks") return `${t("adminLabels.errors.block", { at })}${fieldWord}`;
    if (head === "profileIds" && at !== undefined) {
      return t("adminLabels.errors.page", { id: profileIds[Number(at)] ?? at });
    }
    return t("adminLabels.errors.whole");
  }

  /** A server message in the reader's language where the contract names it, else as the server said. */
  function messageOf(text: string): string {
    const addressName = messageNames.find((name) => addressMessages[name] === text);
    if (addressName) return addressMessageText(addressName);
    const labelName = labelMessageNames.find((name) => addressLabelMessages[name] === text);
    return labelName ? t(`adminLabels.errors.${labelName}`) : text;
  }

  function addressMessageText(name: AddressMessage | string): string {
    return t(`addresses.errors.${name}`, {
      max: number(name === "tooMany" ? maxAddresses : maxAddressInputChars),
    });
  }

  /** The problems a failed preview or download names; null when it failed for another reason. */
  async function problemsOf(caught: unknown, sent: AddressLabelsRequest): Promise<ShownProblem[] | null> {
    const error = caught as { status?: unknown } | null;
    const parsed = addressLabelsErrorSchema.safeParse(await errorBodyOf(caught));
    if (error?.status === 413) {
      return [{ where: t("adminLabels.errors.whole"), message: t("adminLabels.errors.tooLarge") }];
    }
    if (error?.status !== 400 || !parsed.success) return null;
    const ids = sent.source === "awaiting" ? sent.profileIds : [];
    const listed = parsed.data.error.problems ?? [];
    return listed.length > 0 && sent.source !== "awaiting"
      ? listed.map((problem) => ({
          where:
            problem.at === null
              ? t("adminLabels.errors.whole")
              : `${t(sent.source === "csv" ? "adminLabels.errors.row" : "adminLabels.errors.block", { at: problem.at })}${
                  problem.field ? `, ${t(`adminLabels.fields.${problem.field}`)}` : ""
                }`,
          message: addressMessageText(problem.message),
        }))
      : Object.entries(parsed.data.error.fields ?? {}).map(([field, text]) => ({
          where: whereOf(field, ids),
          message: messageOf(text),
        }));
  }

  /** Why there is no request yet from `source`, shown like a problem. */
  function nothingFrom(source: LabelSource): ShownProblem {
    const reason =
      source === "paste"
        ? "adminLabels.errors.nothingPasted"
        : source === "csv"
          ? "adminLabels.errors.noFile"
          : "adminLabels.errors.nothingChosen";
    return { where: t(`adminLabels.sources.${source}`), message: t(reason) };
  }

  return { problemsOf, nothingFrom };
}

/** The problems (or that the call failed), in a region focused when they appear. */
export function ProblemList({
  problems,
  failed,
  focusRef,
}: {
  problems: ShownProblem[] | null;
  failed: boolean;
  focusRef: RefObject<HTMLDivElement | null>;
}) {
  const { t } = useTranslation();
  return (
    <div ref={focusRef} tabIndex={-1} aria-live="polite" className="outline-none">
      {problems && problems.length > 0 && (
        <Alert tone="error" title={t("adminLabels.errors.titleCount", { count: problems.length })}>
          <ul
            className="mt-1 flex max-h-80 list-disc flex-col gap-1 overflow-y-auto pl-5"
            data-testid="problems"
          >
            {problems.slice(0, shownProblems).map((problem, index) => (
              <li key={index}>
                <strong>{problem.where}:</strong> {problem.message}
              </li>
            ))}
          </ul>
          {problems.length > shownProblems && (
            <p className="mt-2">
              {t("adminLabels.errors.moreProblems", { count: problems.length - shownProblems })}
            </p>
          )}
        </Alert>
      )}
      {failed && <Alert tone="error" title={t("adminLabels.errors.failed")} />}
    </div>
  );
}
