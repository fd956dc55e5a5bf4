import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./src/i18n/request.ts");

const nextConfig: NextConfig = {
  // Native and wasm packages load files next to their own modules: keep them out of the bundle.
  // alipay-sdk brings urllib/undici, which is meant to run as plain Node modules too.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "pg", "ioredis", "nodemailer", "maxmind", "alipay-sdk"],
  poweredByHeader: false,
  reactStrictMode: true,
  experimental: { serverActions: { bodySizeLimit: "2mb" } },
};

export default withNextIntl(nextConfig);
