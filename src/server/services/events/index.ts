export { publishEvent } from "./publish";
export { dispatchEvent, registerEventSink, type EventSink } from "./dispatch";
export * from "./types";
