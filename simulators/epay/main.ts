// Standalone epay (彩虹易支付) simulator for the demo and manual testing: `npm run sim:epay`.
// Env: EPAY_SIM_PORT (default 8791), EPAY_SIM_HOST (127.0.0.1), EPAY_SIM_PID (1000), EPAY_SIM_KEY
// (random when unset). Prints the values to paste into Admin → Payments → epay.
import { randomBytes } from "node:crypto";
import { startEpaySimulator } from "./server";
import { runSimulator } from "../common/main";

async function main() {
  const env = process.env;
  const merchant = { pid: env.EPAY_SIM_PID ?? "1000", key: env.EPAY_SIM_KEY || randomBytes(16).toString("hex") };
  const sim = await startEpaySimulator({ port: Number(env.EPAY_SIM_PORT ?? 8791), host: env.EPAY_SIM_HOST ?? "127.0.0.1", merchants: [merchant], notifyRetryDelaysMs: [5_000, 30_000, 60_000] });
  console.log(`epay simulator listening at ${sim.url}`);
  console.log("Paste into Admin → Payments → epay:");
  console.log(`  Gateway URL: ${sim.url}`);
  console.log(`  Merchant ID (pid): ${merchant.pid}`);
  console.log(`  Merchant key: ${merchant.key}`);
  console.log("  Channels: alipay, wxpay");
  return sim;
}

runSimulator(main);
