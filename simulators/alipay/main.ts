// Standalone Alipay face-to-face simulator for the demo and manual testing: `npm run sim:alipay`.
// Env: ALIPAY_SIM_PORT (default 8792), ALIPAY_SIM_HOST (127.0.0.1). Keys are generated at every
// start, so paste the printed values into Admin → Payments → Alipay again after a restart.
import { startAlipaySimulator } from "./server";
import { runSimulator } from "../common/main";

async function main() {
  const env = process.env;
  const sim = await startAlipaySimulator({ port: Number(env.ALIPAY_SIM_PORT ?? 8792), host: env.ALIPAY_SIM_HOST ?? "127.0.0.1", notifyRetryDelaysMs: [5_000, 30_000, 60_000] });
  console.log(`Alipay simulator listening at ${sim.url}`);
  console.log("Paste into Admin → Payments → Alipay face-to-face:");
  console.log(`  Gateway URL: ${sim.gatewayUrl}`);
  console.log(`  App ID: ${sim.appId}`);
  console.log(`  App private key (PKCS#8, base64):\n${sim.appPrivateKeyBase64}`);
  console.log(`  Alipay public key (base64):\n${sim.alipayPublicKeyBase64}`);
  return sim;
}

runSimulator(main);
