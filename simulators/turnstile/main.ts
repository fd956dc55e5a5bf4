// Standalone Turnstile siteverify simulator for the demo and manual testing:
//   npx tsx simulators/turnstile/main.ts
// Env: TURNSTILE_SIM_PORT (default 8788), TURNSTILE_SIM_HOST (127.0.0.1), TURNSTILE_SIM_SECRET
// (the "production" secret). Prints the siteverify URL to put in TURNSTILE_VERIFY_URL. The dummy
// secrets (1x…AA pass, 2x…AA fail, 3x…AA spent) accept any token, e.g. XXXX.DUMMY.TOKEN.XXXX;
// `curl -X POST http://host:port/__sim/issue-token` mints a token for the production secret.
import { DUMMY_SECRETS, ISSUE_TOKEN_PATH, startTurnstileSimulator } from "./server";
import { runSimulator } from "../common/main";

async function main() {
  const env = process.env;
  const sim = await startTurnstileSimulator({
    port: Number(env.TURNSTILE_SIM_PORT ?? 8788),
    host: env.TURNSTILE_SIM_HOST ?? "127.0.0.1",
    secret: env.TURNSTILE_SIM_SECRET || undefined,
  });
  console.log(`Turnstile simulator: TURNSTILE_VERIFY_URL=${sim.url}`);
  console.log(`  production secret ${sim.secret} (site key ${sim.siteKey}); dummy pass secret ${DUMMY_SECRETS.pass}`);
  console.log(`  mint a token for the production secret: curl -X POST ${new URL(ISSUE_TOKEN_PATH, sim.url).href}`);
  return sim;
}

runSimulator(main);
