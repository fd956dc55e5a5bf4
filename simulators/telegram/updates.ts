// The bot's update queue as Telegram keeps it: ids rising by one from an arbitrary start (bots must
// not assume 1), an update stays until a getUpdates offset above its id confirms it (or a webhook
// took it), and allowed_updates decides which kinds are queued at all.
import { randomInt } from "node:crypto";
import { badRequest } from "./api-error";
import type { TgUpdate, UpdateKind } from "./model";

/** Telegram's default when allowed_updates is empty: everything but chat_member and reactions, so every kind made here. */
const KNOWN_KINDS = new Set([
  "message", "edited_message", "channel_post", "edited_channel_post", "business_connection", "business_message",
  "edited_business_message", "deleted_business_messages", "message_reaction", "message_reaction_count", "inline_query",
  "chosen_inline_result", "callback_query", "shipping_query", "pre_checkout_query", "purchased_paid_media", "poll",
  "poll_answer", "my_chat_member", "chat_member", "chat_join_request", "chat_boost", "removed_chat_boost",
]);

export class UpdateQueue {
  // Kept across reset(): a running bot polls with offset = last id + 1, so ids must never go back.
  private nextId = randomInt(100_000_000, 900_000_000);
  private items: TgUpdate[] = [];
  private allowed: Set<string> | null = null;
  private listeners = new Set<() => void>();

  /** Queues an update; null when allowed_updates excludes its kind (Telegram never makes it then). */
  push<K extends UpdateKind>(kind: K, body: NonNullable<TgUpdate[K]>): TgUpdate | null {
    if (this.allowed && !this.allowed.has(kind)) return null;
    const update: TgUpdate = { update_id: this.nextId++, [kind]: body };
    this.items.push(update);
    for (const l of [...this.listeners]) l();
    return update;
  }

  /** allowed_updates from getUpdates or setWebhook: absent keeps the last setting, [] restores the default. */
  setAllowed(list: unknown): void {
    if (list === undefined) return;
    if (!Array.isArray(list) || list.some((k) => typeof k !== "string")) throw badRequest("can't parse allowed updates");
    const kinds = (list as string[]).filter((k) => KNOWN_KINDS.has(k));
    this.allowed = kinds.length ? new Set(kinds) : null;
  }

  allowedUpdates(): string[] | undefined {
    return this.allowed ? [...this.allowed] : undefined;
  }

  /** getUpdates' offset: ids below it are confirmed and forgotten; -N keeps only the last N. */
  confirm(offset: number | undefined): void {
    if (offset === undefined || offset === 0) return;
    if (offset < 0) this.items = this.items.slice(offset);
    else this.items = this.items.filter((u) => u.update_id >= offset);
  }

  peek(limit: number): TgUpdate[] {
    return this.items.slice(0, limit).map((u) => structuredClone(u));
  }

  head(): TgUpdate | undefined {
    return this.items[0];
  }

  remove(updateId: number): void {
    this.items = this.items.filter((u) => u.update_id !== updateId);
  }

  clear(): void {
    this.items = [];
  }

  get size(): number {
    return this.items.length;
  }

  onPush(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
