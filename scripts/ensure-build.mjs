// `npm start` builds once on a fresh checkout (or after `npm run build` was never run).
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync(".next/BUILD_ID")) {
  console.log("No production build yet: running `next build` once (about a minute)...");
  execSync("npx next build", { stdio: "inherit" });
}
