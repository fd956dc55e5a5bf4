// CPU time of one process (user + system) from /proc/<pid>/stat: the server's CPU per request is a
// figure a shared, noisy machine disturbs far less than requests per second (other processes take
// turns on the cores, they do not make our code run longer). Linux only: elsewhere it reports null.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

let ticksPerSecond = 0;
function clockTicks() {
  if (!ticksPerSecond) {
    try {
      ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** Milliseconds of CPU `pid` has used so far, or null when /proc cannot be read. */
export function processCpuMs(pid) {
  try {
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
    return Number.isFinite(ticks) ? (ticks * 1000) / clockTicks() : null;
  } catch {
    return null;
  }
}
