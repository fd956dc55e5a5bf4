// Importing this module (from jobs/task-handlers.ts, in the worker's process) registers the bot's
// background work: the `telegram.send` outbox handler and the operator-alert sink of the events.
import { registerEventSink } from "../events/dispatch";
import { queueOperatorAlert } from "./operator-alerts";
import "./send-task";

registerEventSink("telegram", async (event, tx) => void (await queueOperatorAlert(event, tx)));
import "./digest-sink";
