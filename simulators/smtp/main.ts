// Standalone capturing SMTP server for the demo and manual testing:
//   npx tsx simulators/smtp/main.ts
// Env: SMTP_SIM_PORT (default 2525), SMTP_SIM_HOST (127.0.0.1), SMTP_SIM_USER + SMTP_SIM_PASS (require
// AUTH). Prints each received mail (recipients, subject, text part) so links can be followed by hand.
import { startSmtpSimulator } from "./server";
import { runSimulator } from "../common/main";

async function main() {
  const env = process.env;
  const sim = await startSmtpSimulator({
    port: Number(env.SMTP_SIM_PORT ?? 2525),
    host: env.SMTP_SIM_HOST ?? "127.0.0.1",
    auth: env.SMTP_SIM_USER ? { user: env.SMTP_SIM_USER, pass: env.SMTP_SIM_PASS ?? "" } : undefined,
  });
  console.log(`SMTP simulator listening: SMTP_URL=${sim.url} (or settings smtpHost=${sim.host}, smtpPort=${sim.port})`);
  let seen = 0;
  const next = (): void => {
    void sim.waitFor(() => true, 24 * 3600 * 1000, { since: seen }).then((m) => {
      seen = m.index + 1;
      console.log(`\n--- mail #${m.index} from ${m.from} to ${m.to.join(", ")}\nSubject: ${m.subject}\n\n${m.text ?? m.html ?? ""}`);
      next();
    }, () => undefined);
  };
  next();
  return sim;
}

runSimulator(main);
