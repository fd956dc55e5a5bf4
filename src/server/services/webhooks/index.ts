// Outbound webhooks (issue 27 item 2): admin verbs and reads. The event sink (sink.ts) and the
// delivery task (deliver-task.ts) register themselves when the worker imports them
// (jobs/task-handlers.ts); importing this face registers nothing.
export { addWebhook, removeWebhook, setWebhookEnabled, type AddedWebhook } from "./manage";
export { listWebhooks, listWebhookDeliveries, type DeliveryRow, type WebhookSummary } from "./list";
export { resendWebhookDelivery, sendTestWebhook, TEST_EVENT_TYPE } from "./resend";
export { DELIVER_TASK, WEBHOOK_MAX_ATTEMPTS, webhookBackoffSeconds, secondsBeforeAttempt } from "./schedule";
export { WEBHOOK_HEADERS, WEBHOOK_USER_AGENT, webhookSignature } from "./signature";
export { MAX_WEBHOOK_URL_CHARS } from "./target-check";
export { MAX_DESCRIPTION_CHARS } from "./inputs";
