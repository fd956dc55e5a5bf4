"use client";
// The "from / to" times of the long lists' filters (logs, the risk access log), with the reset and
// apply buttons below them. Times are typed in the browser's zone and travel as instants; the
// server cannot know that zone, so the fields show the URL's value only once hydrated.
import { Button, Group, Loader, TextInput } from "@mantine/core";
import { IconSearch, IconX } from "@tabler/icons-react";
import { useState, useSyncExternalStore } from "react";
import { fromLocalInput, toLocalInput } from "../risk/access-log-codes";

const noSubscribe = () => () => {};

/** The two fields' text; null means "not edited" (the URL's value shows). */
export function useTimeRange(from: string, to: string) {
  const hydrated = useSyncExternalStore(noSubscribe, () => true, () => false);
  const [fromText, setFromText] = useState<string | null>(null);
  const [toText, setToText] = useState<string | null>(null);
  return {
    fromValue: fromText ?? (hydrated ? toLocalInput(from) : ""),
    toValue: toText ?? (hydrated ? toLocalInput(to) : ""),
    setFrom: setFromText,
    setTo: setToText,
    /** The instants to put in the URL. */
    values: () => ({ from: fromText === null ? from : fromLocalInput(fromText), to: toText === null ? to : fromLocalInput(toText) }),
    clear: () => {
      setFromText("");
      setToText("");
    },
  };
}

export type TimeRange = ReturnType<typeof useTimeRange>;

interface FieldProps {
  range: TimeRange;
  labels: { from: string; to: string };
  errors: { from?: string; to?: string };
  /** `<prefix>-from`, `<prefix>-to`. */
  testIdPrefix: string;
}

export function TimeRangeFields({ range, labels, errors, testIdPrefix }: FieldProps) {
  return (
    <>
      <TextInput type="datetime-local" label={labels.from} value={range.fromValue} onChange={(e) => range.setFrom(e.currentTarget.value)} error={errors.from} data-testid={`${testIdPrefix}-from`} />
      <TextInput type="datetime-local" label={labels.to} value={range.toValue} onChange={(e) => range.setTo(e.currentTarget.value)} error={errors.to} data-testid={`${testIdPrefix}-to`} />
    </>
  );
}

/** Reset (every filter) and apply (the times; text fields apply as they are typed). */
export function FilterButtons({ pending, onReset, labels, testIdPrefix }: { pending: boolean; onReset: () => void; labels: { reset: string; apply: string }; testIdPrefix: string }) {
  return (
    <Group gap="xs" justify="flex-end">
      {pending ? <Loader size="xs" /> : null}
      <Button variant="default" leftSection={<IconX size={16} />} onClick={onReset} data-testid={`${testIdPrefix}-reset`}>
        {labels.reset}
      </Button>
      <Button type="submit" leftSection={<IconSearch size={16} />} data-testid={`${testIdPrefix}-apply`}>
        {labels.apply}
      </Button>
    </Group>
  );
}
