// A finished render is garbage once its abort reason is settled (src/server/http/abort-reason-stacks.ts).
// The render here is what React's Flight server does at the end of every page: its state lives in an
// AsyncLocalStorage store, and it aborts its controller with an Error from inside a setImmediate
// callback. The controller stays reachable (in the server, the next renders reach it); the render's
// state must not stay with it.
import { AsyncLocalStorage } from "node:async_hooks";
import v8 from "node:v8";
import vm from "node:vm";
import { expect, it } from "vitest";
import { releaseAbortReasonStacks } from "../../src/server/http/abort-reason-stacks";

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

const renderStore = new AsyncLocalStorage<{ html: string }>();

/** The Immediate's callback: it sees the render only through the async context, as React's does. */
function finishRender(controller: AbortController, done: () => void): () => void {
  return () => {
    controller.abort(new Error("This render completed successfully."));
    done();
  };
}

/** One render; resolves with a weak reference to its state once it has aborted its controller. */
function render(controller: AbortController): Promise<WeakRef<{ html: string }>> {
  const state = { html: "<p>row</p>".repeat(20_000) };
  const ref = new WeakRef(state);
  return new Promise((resolve) => renderStore.run(state, () => setImmediate(finishRender(controller, () => resolve(ref)))));
}

async function collected(ref: WeakRef<object>): Promise<boolean> {
  for (let i = 0; i < 3; i++) {
    await new Promise((r) => setTimeout(r, 5));
    gc();
  }
  return ref.deref() === undefined;
}

it("a render that aborted its controller with an Error is collected while the controller lives on", async () => {
  // Without the fix the render stays while its controller lives: what the fix is for, and what
  // shows that this test can fail.
  const before = new AbortController();
  const kept = await render(before);
  expect(await collected(kept)).toBe(false);
  releaseAbortReasonStacks();
  const controllers = [new AbortController(), new AbortController()];
  const refs = [];
  for (const c of controllers) refs.push(await render(c));
  for (const ref of refs) expect(await collected(ref)).toBe(true);
  // The controllers are still here, aborted, and their reasons keep their stack as text.
  for (const c of controllers) {
    expect(c.signal.aborted).toBe(true);
    expect((c.signal.reason as Error).stack).toMatch(/^Error: This render completed successfully\.\n\s+at /);
  }
});

it("aborting behaves as before: listeners see the reason, a second abort changes nothing", () => {
  releaseAbortReasonStacks();
  const c = new AbortController();
  const seen: unknown[] = [];
  c.signal.addEventListener("abort", () => seen.push(c.signal.reason));
  const reason = new Error("first");
  c.abort(reason);
  c.abort(new Error("second"));
  expect(seen).toEqual([reason]);
  expect(c.signal.reason).toBe(reason);
  const plain = new AbortController();
  plain.abort();
  expect((plain.signal.reason as DOMException).name).toBe("AbortError");
  const value = new AbortController();
  value.abort("not an error");
  expect(value.signal.reason).toBe("not an error");
});
