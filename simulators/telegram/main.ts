// Standalone Telegram Bot API simulator for the demo and manual testing: `npm run sim:telegram`.
// Env: TELEGRAM_SIM_PORT (default 8794), TELEGRAM_SIM_HOST (127.0.0.1), TELEGRAM_SIM_TOKEN (the one
// token accepted; unset: any token shaped like a real one), TELEGRAM_SIM_MAX_PER_SECOND (per-chat
// rate limit, off when unset), TELEGRAM_SIM_ANY_CHAT=1 (let the bot write to chats no update came
// from). Prints the API root for the bot and curl lines that play the user.
import { startTelegramSimulator } from "./server";
import { runSimulator } from "../common/main";

async function main() {
  const env = process.env;
  const perSecond = Number(env.TELEGRAM_SIM_MAX_PER_SECOND);
  const sim = await startTelegramSimulator({
    port: Number(env.TELEGRAM_SIM_PORT ?? 8794),
    host: env.TELEGRAM_SIM_HOST ?? "127.0.0.1",
    token: env.TELEGRAM_SIM_TOKEN || undefined,
    maxPerSecondPerChat: perSecond > 0 ? perSecond : null,
    requireKnownChats: env.TELEGRAM_SIM_ANY_CHAT !== "1",
  });
  const control = `${sim.url}/__sim`;
  console.log(`Telegram Bot API simulator: API root ${sim.url} (grammy: new Bot(token, { client: { apiRoot: "${sim.url}" } }))`);
  console.log(env.TELEGRAM_SIM_TOKEN ? `  accepted token: ${sim.token}` : `  any well-formed token is accepted, e.g. ${sim.token}`);
  console.log("Play the user:");
  console.log(`  curl -s ${control}/updates -H 'content-type: application/json' -d '{"chatId":1001,"text":"/start"}'`);
  console.log(`  curl -s ${control}/updates -H 'content-type: application/json' -d '{"chatId":1001,"callbackData":"<data of a button>"}'`);
  console.log(`  curl -s '${control}/sent?chatId=1001'`);
  console.log(`  curl -s ${control}/block -H 'content-type: application/json' -d '{"chatId":1001,"blocked":true}'`);
  return sim;
}

runSimulator(main);
