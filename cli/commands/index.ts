// Every CLI command, in the order `relayboard --help` lists them. A later area adds its commands
// by exporting a Command[] from its own file here and appending it to this list.
import type { Command } from "../registry";
import { adminCommands } from "./admin";
import { announceCommands } from "./announce";
import { backupCommands } from "./backup";
import { cardsCommands } from "./cards";
import { migrateCommands } from "./migrate";
import { nodeCommands } from "./node";
import { orderCommands } from "./order";
import { planCommands } from "./plan";
import { settingsCommands } from "./settings";
import { subscriptionCommands } from "./subscription";
import { subscriptionRulesCommands } from "./subscription-rules";
import { subscriptionClientCommands } from "./subscription-clients";
import { ticketCommands } from "./ticket";
import { userCommands } from "./user";
import { userTwoFactorCommands } from "./user-2fa";
import { walletCommands } from "./wallet";
import { webhookCommands } from "./webhook";
import { apiTokenCommands } from "./apitoken";
import { kbCommands } from "./kb";
import { referralCommands } from "./referral";

export const ALL_COMMANDS: readonly Command[] = [...migrateCommands, ...adminCommands, ...userCommands, ...userTwoFactorCommands, ...settingsCommands, ...nodeCommands, ...planCommands, ...orderCommands, ...subscriptionCommands, ...subscriptionRulesCommands, ...subscriptionClientCommands, ...ticketCommands, ...announceCommands, ...backupCommands, ...walletCommands, ...cardsCommands, ...webhookCommands, ...apiTokenCommands, ...referralCommands, ...kbCommands];
