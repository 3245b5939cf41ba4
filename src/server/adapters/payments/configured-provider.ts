import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { createMollieProvider } from './mollie';
import type { PaymentProvider } from './provider';
import { createSandboxProvider, type SandboxProvider } from './sandbox';

/**
 * The payment provider the configuration asks for (DESIGN.md section 1): a test's own, Mollie
 * when MOLLIE_API_KEY is set, else the built-in sandbox (whose page routes exist only then).
 */
export function configuredProvider(
  db: Db,
  config: Pick<AppConfig, 'mollie' | 'publicUrl' | 'apiBase'>,
  deps: { override?: PaymentProvider; now: () => Date; log: FastifyBaseLogger },
): { provider: PaymentProvider; sandbox: SandboxProvider | null } {
  if (deps.override) return { provider: deps.override, sandbox: null };
  if (config.mollie.apiKey) return { provider: createMollieProvider({ apiKey: config.mollie.apiKey, endpoint: config.mollie.endpoint }), sandbox: null };
  const sandbox = createSandboxProvider(db, {
    pageBase: `${config.publicUrl}${config.apiBase}/payment-sandbox/`,
    now: deps.now,
    notify: async (webhookUrl, id) => {
      const res = await fetch(webhookUrl, { method: 'POST', body: new URLSearchParams({ id }) });
      if (!res.ok) deps.log.warn({ id, status: res.status }, 'the sandbox webhook was not accepted');
    },
  });
  return { provider: sandbox, sandbox };
}
