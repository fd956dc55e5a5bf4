import { NextResponse } from "next/server";
import { checkHealth } from "@/server/services/health";

/** For load balancers: 200 when the process and the database answer, 503 otherwise. Body: ok/degraded only. */
export async function GET() {
  const h = await checkHealth();
  return NextResponse.json(h, { status: h.status === "ok" ? 200 : 503, headers: { "cache-control": "no-store" } });
}
