"use client";
// Search as you type: the rows follow a short pause in typing, Enter applies at once. The field
// keeps its own text; a navigation under way never writes the URL's (older) value back into it,
// so nothing typed meanwhile is lost. It takes the URL's value only when that changes while the
// field is not being edited (a reset button, the browser's back).
import { Loader, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { SEARCH_DEBOUNCE_MS } from "./debounce";
import type { FilterChange } from "./use-url-filters";


interface Props {
  /** The value in the URL now. */
  value: string;
  apply: (change: FilterChange, how?: { replace?: boolean }) => void;
  pending?: boolean;
  param?: string;
  label: string;
  placeholder?: string;
  testId: string;
  maxLength?: number;
  /** Shown above the field (the log filters' grid); without it the label is the accessible name. */
  visibleLabel?: boolean;
  error?: string;
  /** The toolbar's text fields are one form; without it the search is its own. */
  bare?: boolean;
}

export function ListSearch({ value, apply, pending, param = "q", label, placeholder, testId, maxLength = 200, visibleLabel, error, bare }: Props) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const editing = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (!editing.current && value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const send = (v: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (v.trim() === sent.current.trim()) return;
    sent.current = v.trim();
    apply({ [param]: v }, { replace: true });
  };
  const onChange = (v: string) => {
    setText(v);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => send(v), SEARCH_DEBOUNCE_MS);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(text);
  };

  const field = (
    <TextInput
      label={visibleLabel ? label : undefined}
      placeholder={placeholder}
      aria-label={visibleLabel ? undefined : label}
      leftSection={<IconSearch size={16} />}
      rightSection={pending ? <Loader size="xs" /> : null}
      value={text}
      onChange={(e) => onChange(e.currentTarget.value)}
      onKeyDown={
        bare
          ? (e) => {
              // Inside a larger form, Enter applies this field only (not the form's other fields).
              if (e.key !== "Enter") return;
              e.preventDefault();
              send(text);
            }
          : undefined
      }
      onFocus={() => (editing.current = true)}
      onBlur={() => {
        editing.current = false;
        send(text);
      }}
      error={error}
      maxLength={maxLength}
      autoComplete="off"
      spellCheck={false}
      data-testid={testId}
    />
  );
  if (bare) return field;
  return (
    <form onSubmit={submit} style={{ flex: "1 1 220px" }} role="search">
      {field}
    </form>
  );
}
