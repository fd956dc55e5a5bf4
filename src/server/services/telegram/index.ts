// The Telegram bot (issue 27): binding a chat from the account page, notifications and operator
// alerts through the `telegram.send` outbox, the bot's commands. The runner (runner.ts) is started
// by main.ts; register.ts registers the task handler and the event sink in the worker's process.
export { createTelegramBindLink, unbindTelegram, getTelegramBinding, BIND_CODE_TTL_MS, type TelegramBindLink, type TelegramBindingView } from "./binding";
export { queueTelegramToAdmins } from "./operator-alerts";
export { RetryLaterError } from "../tasks/retry-later";
