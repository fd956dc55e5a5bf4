// A refused form leads to its first problem: the first field marked aria-invalid, in page order,
// is scrolled to the middle of the view and then focused; disabled and hidden fields are passed over.
import { describe, expect, it } from "vitest";
import { focusFirstInvalid, INVALID_SELECTOR, type InvalidField } from "../../src/components/forms/focus-first-invalid";

function field(name: string, log: string[], extra: { disabled?: boolean; type?: string } = {}): InvalidField & { name: string } {
  return {
    name,
    ...extra,
    scrollIntoView: (o) => log.push(`${name}:scroll:${o.block}`),
    focus: (o) => log.push(`${name}:focus:${o?.preventScroll ? "noscroll" : "scroll"}`),
  };
}

/** A stand-in for a form: answers the selector with its fields in the order given (document order). */
const form = (fields: (InvalidField & { name: string })[], seen: string[] = []) => ({
  querySelectorAll: (selector: string) => {
    seen.push(selector);
    return fields;
  },
});

describe("focusFirstInvalid", () => {
  it("asks for aria-invalid fields, centers the first one, then focuses it without scrolling again", () => {
    const log: string[] = [];
    const seen: string[] = [];
    const got = focusFirstInvalid(form([field("port", log), field("retention", log)], seen));
    expect(seen).toEqual([INVALID_SELECTOR]);
    expect(INVALID_SELECTOR).toBe('[aria-invalid="true"]');
    expect(got?.name).toBe("port");
    expect(log).toEqual(["port:scroll:center", "port:focus:noscroll"]);
  });

  it("passes over disabled and hidden fields", () => {
    const log: string[] = [];
    const got = focusFirstInvalid(form([field("cleared-secret", log, { disabled: true }), field("select-value", log, { type: "hidden" }), field("name", log)]));
    expect(got?.name).toBe("name");
    expect(log).toEqual(["name:scroll:center", "name:focus:noscroll"]);
  });

  it("does nothing when no field is invalid or there is no form", () => {
    const log: string[] = [];
    expect(focusFirstInvalid(form([]))).toBeNull();
    expect(focusFirstInvalid(form([field("off", log, { disabled: true })]))).toBeNull();
    expect(focusFirstInvalid(null)).toBeNull();
    expect(log).toEqual([]);
  });
});
