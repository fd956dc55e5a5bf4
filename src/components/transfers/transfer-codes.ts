// The transfer codes the pages offer and show, kept here so client code does not pull the database
// schema (drizzle) into the browser bundle. `satisfies` ties the list to the schema's type.
import type { TransferStatus } from "@/server/db/schema/wallet";

export const TRANSFER_STATUS_CODES = ["AWAITING", "COMPLETED", "REJECTED", "CANCELLED", "EXPIRED"] as const satisfies readonly TransferStatus[];
