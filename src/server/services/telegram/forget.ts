// The bot's process-wide caches, emptied between test files that share a process
// (tests/helpers/process-state.ts). No imports: the test setup loads this before every file.
type Clearable = { clear(): void };
interface TelegramCaches {
  __relayboardTelegramMe?: Clearable;
  __relayboardTelegramPrompts?: Clearable;
  __relayboardTelegramSeenUpdates?: Clearable;
  __relayboardTelegramUnreadableLogged?: boolean;
}

export function forgetTelegramCaches(): void {
  const g = globalThis as unknown as TelegramCaches;
  g.__relayboardTelegramMe?.clear();
  g.__relayboardTelegramPrompts?.clear();
  g.__relayboardTelegramSeenUpdates?.clear();
  g.__relayboardTelegramUnreadableLogged = false;
}
