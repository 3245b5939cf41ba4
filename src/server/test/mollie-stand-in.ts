import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A local stand-in of Mollie's v2 payments API over HTTPS (the official client refuses http://),
 * for tests: create and get payments, with a status the test sets. A self-signed certificate is
 * made with openssl; the test process must accept it (NODE_TLS_REJECT_UNAUTHORIZED=0).
 */
export interface StandInPayment {
  id: string;
  status: string;
  amount: { value: string; currency: string };
  description: string;
  method: string | null;
  redirectUrl: string;
  webhookUrl: string | null;
  metadata: unknown;
  createdAt: string;
  expiresAt: string;
}

export interface MollieStandIn {
  endpoint: string;
  payments: Map<string, StandInPayment>;
  /** Every request: method, path, authorization header and body. */
  requests: Array<{ method: string; path: string; authorization: string | undefined; body: unknown }>;
  close(): Promise<void>;
}

function resource(p: StandInPayment, base: string) {
  return {
    resource: 'payment',
    id: p.id,
    mode: 'test',
    createdAt: p.createdAt,
    amount: p.amount,
    description: p.description,
    method: p.method,
    metadata: p.metadata,
    status: p.status,
    isCancelable: p.status === 'open',
    expiresAt: p.expiresAt,
    profileId: 'pfl_standin',
    sequenceType: 'oneoff',
    redirectUrl: p.redirectUrl,
    webhookUrl: p.webhookUrl,
    _links: {
      self: { href: `${base}payments/${p.id}`, type: 'application/hal+json' },
      ...(p.status === 'open' ? { checkout: { href: `https://www.mollie.com/checkout/select-method/${p.id}`, type: 'text/html' } } : {}),
      documentation: { href: 'https://docs.mollie.com/reference/get-payment', type: 'text/html' },
    },
  };
}

export async function startMollieStandIn(): Promise<MollieStandIn> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mollie-stand-in-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${dir}/key.pem`, '-out', `${dir}/cert.pem`, '-days', '1', '-subj', '/CN=localhost'], { stdio: 'ignore' });
  const payments = new Map<string, StandInPayment>();
  const requests: MollieStandIn['requests'] = [];
  let base = '';
  let sequence = 0;
  const server: Server = createServer({ key: readFileSync(`${dir}/key.pem`), cert: readFileSync(`${dir}/cert.pem`) }, (req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : undefined;
      const url = new URL(req.url ?? '/', 'https://localhost');
      requests.push({ method: req.method ?? '', path: url.pathname, authorization: req.headers.authorization, body });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': status < 300 ? 'application/hal+json' : 'application/problem+json' });
        res.end(JSON.stringify(payload));
      };
      const notFound = () => send(404, { status: 404, title: 'Not Found', detail: 'No payment exists with token.', _links: {} });
      if (req.method === 'POST' && url.pathname === '/v2/payments') {
        sequence += 1;
        const id = `tr_standin${String(sequence).padStart(4, '0')}`;
        const now = Date.now();
        const payment: StandInPayment = {
          id,
          status: 'open',
          amount: body.amount,
          description: body.description,
          method: body.method ?? null,
          redirectUrl: body.redirectUrl,
          webhookUrl: body.webhookUrl ?? null,
          metadata: body.metadata ?? null,
          createdAt: new Date(now).toISOString(),
          expiresAt: new Date(now + 15 * 60_000).toISOString(),
        };
        payments.set(id, payment);
        return send(201, resource(payment, base));
      }
      const match = /^\/v2\/payments\/([A-Za-z0-9_]+)$/.exec(url.pathname);
      if (req.method === 'GET' && match) {
        const payment = payments.get(match[1] ?? '');
        return payment ? send(200, resource(payment, base)) : notFound();
      }
      return notFound();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `https://localhost:${(server.address() as AddressInfo).port}/v2/`;
  return {
    endpoint: base,
    payments,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
