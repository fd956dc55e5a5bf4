"use client";
// Running a batch over the chosen rows: the ids go as one form (`<field>=<op>`, `ids` repeated),
// a refusal of the whole batch is worded for the bar or the dialog, and each row's outcome is kept
// for BatchResults; the choice is cleared and the page re-read afterwards.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { networkError, useErrorText, type UiError } from "../../forms/server-error";
import type { BatchOutcome } from "./batch-results";
import type { Selection } from "./use-selection";

type Answer<D> = { ok: true; data: D } | { ok: false; error: UiError };

interface Options<D> {
  selection: Selection;
  /** The form field that names the operation. */
  field: string;
  send: (form: FormData) => Promise<Answer<D>>;
  /** Each row's outcome, worded (`messageOf` words a refusal reason). */
  outcomes: (data: D, messageOf: (e: UiError) => string) => BatchOutcome[];
}

export function useBatch<Op extends string, D>({ selection, field, send, outcomes }: Options<D>) {
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [asking, setAsking] = useState<Op | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [results, setResults] = useState<BatchOutcome[] | null>(null);

  const run = async (op: Op) => {
    if (selection.chosen.length === 0) return;
    setBusy(true);
    setError(null);
    const form = new FormData();
    form.set(field, op);
    for (const id of selection.chosen) form.append("ids", id);
    const r = await send(form).catch((): Answer<D> => ({ ok: false, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setError(messageOf(r.error));
    setAsking(null);
    setResults(outcomes(r.data, messageOf));
    selection.clear();
    router.refresh();
  };
  const ask = (op: Op | null) => {
    setAsking(op);
    setError(null);
  };
  return { asking, ask, busy, error, results, dismiss: () => setResults(null), run, okCount: results?.filter((r) => r.ok).length ?? 0 };
}

/** A refusal reason from a batch answer, as the error catalogue words it. */
export const refusal = (reason: string, details?: Record<string, unknown>): UiError => ({ code: "CONFLICT", message: reason, details: { ...details, reason } });
