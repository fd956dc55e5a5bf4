import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./src/i18n/request.ts");

const nextConfig: NextConfig = {
  // Native and wasm packages load files next to their own modules: keep them out of the bundle.
  // alipay-sdk brings urllib/undici, which is meant to run as plain Node modules too.
  // prom-client: the metrics registry is shared with the custom server through globalThis, so both
  // sides should run the one Node copy of the library.
  // sharp (attachments are decoded and re-encoded) loads its native libvips binding: Next lists it
  // already; named here so the dependency we pin is visibly never bundled.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "pg", "ioredis", "nodemailer", "maxmind", "alipay-sdk", "prom-client", "sharp"],
  poweredByHeader: false,
  reactStrictMode: true,
  // authInterrupts: forbidden() renders app/admin/forbidden.tsx with status 403 (staff roles, issue 29).
  experimental: { serverActions: { bodySizeLimit: "2mb" }, authInterrupts: true },
};

export default withNextIntl(nextConfig);
