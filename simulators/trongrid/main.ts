// Standalone TronGrid simulator for the demo and manual testing: `npm run sim:trongrid`.
// Env: TRONGRID_SIM_PORT (default 8793), TRONGRID_SIM_HOST (127.0.0.1), TRONGRID_SIM_ADDRESS (our
// receiving address; random when unset). Type `pay <amount>` (e.g. `pay 12.5001`) on stdin to add a
// confirmed USDT transfer to that address.
import { createInterface } from "node:readline";
import { randomTronAddress, startTronGridSimulator } from "./server";
import { runSimulator } from "../common/main";

function micro(amount: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,6}))?$/.exec(amount);
  return m ? Number(m[1]) * 1_000_000 + Number((m[2] ?? "").padEnd(6, "0")) : null;
}

async function main() {
  const env = process.env;
  const address = env.TRONGRID_SIM_ADDRESS || randomTronAddress();
  const sim = await startTronGridSimulator({ port: Number(env.TRONGRID_SIM_PORT ?? 8793), host: env.TRONGRID_SIM_HOST ?? "127.0.0.1" });
  console.log(`TronGrid simulator listening at ${sim.url}`);
  console.log("Paste into Admin → Payments → USDT (TRC20):");
  console.log(`  API URL: ${sim.url.replace(/\/$/, "")}`);
  console.log("  API key: (leave empty)");
  console.log(`  Receiving address: ${address}`);
  console.log("  Confirmations: 19 (transfers added here are confirmed)");
  console.log("Type `pay <amount>` (e.g. `pay 12.5001`) to send USDT to that address.");
  const rl = createInterface({ input: process.stdin });
  rl.on("line", (line) => {
    const m = /^pay\s+(\S+)/.exec(line.trim());
    const amountMicro = m ? micro(m[1]!) : null;
    if (amountMicro === null) return console.log("usage: pay <amount in USDT, up to 6 decimals>");
    console.log(`transfer ${sim.addTransfer({ to: address, amountMicro })} of ${m![1]} USDT added`);
  });
  // The prompt closes with the simulator.
  return { close: async () => (rl.close(), sim.close()) };
}

runSimulator(main);
