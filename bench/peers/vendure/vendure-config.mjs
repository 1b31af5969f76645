// Vendure 3.7 as bench/peers.ts runs it: the Shop API on PostgreSQL with the DefaultSearchPlugin (SQL search
// index), bearer session tokens, logs at errors. Everything not set here is Vendure's default.
import vendure from '@vendure/core';

const { DefaultLogger, DefaultSearchPlugin, LogLevel } = vendure;
// No usage reports from a bench (Vendure 3.7 sends them at start-up unless told not to).
process.env.VENDURE_DISABLE_TELEMETRY = 'true';

/** VENDURE_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/vendure_bench) and PORT (default 3000). */
export function vendureConfig(env = process.env) {
  const url = env.VENDURE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/vendure_bench';
  return {
    apiOptions: {
      hostname: '127.0.0.1',
      port: Number(env.PORT ?? 3000),
      shopApiPath: 'shop-api',
      adminApiPath: 'admin-api',
    },
    authOptions: {
      // The load generator sends `Authorization: Bearer <token>`, read from the `vendure-auth-token` header.
      tokenMethod: 'bearer',
      requireVerification: false,
      // Not Vendure's default password: its production mode refuses to start with that one.
      superadminCredentials: { identifier: 'superadmin', password: 'bench-only-not-a-secret' },
    },
    dbConnectionOptions: {
      type: 'postgres',
      url,
      // A bench database: the schema is made (and kept) from the entities, no migrations.
      synchronize: true,
      logging: false,
    },
    logger: new DefaultLogger({ level: LogLevel.Error }),
    paymentOptions: { paymentMethodHandlers: [] },
    plugins: [DefaultSearchPlugin.init({ bufferUpdates: false, indexStockStatus: false })],
  };
}
