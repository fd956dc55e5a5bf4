import { NextResponse } from "next/server";
import { readJson } from "@/server/http/read-json";
import { route } from "@/server/http/route";
import { register } from "@/server/services/accounts";

export const POST = route("anonymous", async ({ req, ctx }) => {
  const result = await register(ctx, () => readJson(req, 16 * 1024));
  return NextResponse.json({ ok: true, ...result }, { status: 201 });
});
