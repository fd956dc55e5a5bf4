// Importing this module registers every task handler (side effect), in the worker's process.
import "../integrations/mail/send-mail-task";
import "../services/provisioning/panel-client-task";
import "../services/subscription-lifecycle/reset-traffic-task";
import "../services/subscription-lifecycle/reconcile-task";
import "../services/provisioning/panel-client-delete";
import "../services/refunds/gateway-task";
import "../services/events/dispatch";
import "../services/events/task-failed";
import "../services/webhooks/sink";
import "../services/webhooks/deliver-task";
import "../services/telegram/register";
