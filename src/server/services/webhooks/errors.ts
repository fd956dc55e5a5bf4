import { DomainError } from "../../errors";

export const webhookNotFound = () => new DomainError("NOT_FOUND", "webhook_not_found");
export const deliveryNotFound = () => new DomainError("NOT_FOUND", "webhook_delivery_not_found");
