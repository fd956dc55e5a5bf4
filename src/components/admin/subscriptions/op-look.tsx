// How a subscription operation looks wherever it is offered (the detail page, the list's batch bar,
// the confirmation): one icon and one colour per operation.
import { IconBan, IconPlayerPause, IconPlayerPlay, IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { SubscriptionOp } from "./subscription-codes";

export const OP_COLORS: Record<SubscriptionOp, string> = { suspend: "orange", activate: "teal", cancel: "red", delete: "red" };

export function opIcon(op: SubscriptionOp, size: number): ReactNode {
  const Icon = { suspend: IconPlayerPause, activate: IconPlayerPlay, cancel: IconBan, delete: IconTrash }[op];
  return <Icon size={size} />;
}
