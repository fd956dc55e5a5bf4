// A passkey as its owner sees it on the account page: never the key material.
import type { Passkey } from "../../db/schema";

export interface PasskeyItem {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  /** "multiDevice": synced by a password manager or a platform account; "singleDevice": one device or security key. */
  deviceType: string | null;
  backedUp: boolean;
}

export const toItem = (r: Pick<Passkey, "id" | "name" | "createdAt" | "lastUsedAt" | "deviceType" | "backedUp">): PasskeyItem => ({
  id: r.id,
  name: r.name,
  createdAt: r.createdAt,
  lastUsedAt: r.lastUsedAt,
  deviceType: r.deviceType,
  backedUp: r.backedUp,
});
