// Standalone 3x-ui simulator for the demo and manual testing: `npx tsx simulators/xui/main.ts`.
// Env: XUI_SIM_PORT (default 2053), XUI_SIM_HOST (127.0.0.1), XUI_SIM_BASE_PATH (/), XUI_SIM_USERNAME
// (admin), XUI_SIM_PASSWORD (admin), XUI_SIM_API_TOKEN (Bearer auth; the newest layout unless
// XUI_SIM_SHAPE says otherwise), XUI_SIM_SHAPE ("v2.8" | "latest"), XUI_SIM_SEED_PORT (first port of
// the four seeded inbounds, default 20001). Prints the panel URL on stdout.
import { randomUUID } from "node:crypto";
import type { SimInboundSeed } from "./model";
import { startXuiSimulator } from "./server";
import { runSimulator } from "../common/main";

function demoInbounds(firstPort: number): SimInboundSeed[] {
  // One inbound per provisionable protocol, each with a placeholder client so deleting real ones
  // never hits "no client remained in Inbound".
  const placeholder = (protocol: string) => ({
    email: `placeholder-${protocol}`,
    enable: true,
    totalGB: 0,
    expiryTime: 0,
    limitIp: 0,
    subId: "",
    ...(protocol === "vmess" || protocol === "vless" ? { id: randomUUID() } : { password: randomUUID() }),
  });
  return (["vmess", "vless", "trojan", "shadowsocks"] as const).map((protocol, i) => ({
    protocol,
    port: firstPort + i,
    remark: `demo-${protocol}`,
    clients: [placeholder(protocol)],
  }));
}

async function main() {
  const env = process.env;
  const sim = await startXuiSimulator({
    port: Number(env.XUI_SIM_PORT ?? 2053),
    host: env.XUI_SIM_HOST ?? "127.0.0.1",
    basePath: env.XUI_SIM_BASE_PATH ?? "/",
    username: env.XUI_SIM_USERNAME ?? "admin",
    password: env.XUI_SIM_PASSWORD ?? "admin",
    apiToken: env.XUI_SIM_API_TOKEN || undefined,
    shape: env.XUI_SIM_SHAPE === "latest" || env.XUI_SIM_SHAPE === "v2.8" ? env.XUI_SIM_SHAPE : undefined,
    inbounds: demoInbounds(Number(env.XUI_SIM_SEED_PORT ?? 20001)),
  });
  console.log(`3x-ui simulator listening at ${sim.url} (user ${env.XUI_SIM_USERNAME ?? "admin"})`);
  return sim;
}

runSimulator(main);
