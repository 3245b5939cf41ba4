import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { API, testConfig } from '../../test/app';
import { testDatabase } from '../../test/database';
import { readMail } from '../../test/mime';
import { smtpStandIn } from '../../test/smtp-stand-in';

let smtp: Awaited<ReturnType<typeof smtpStandIn>>;
let app: FastifyInstance;
let received: Awaited<ReturnType<typeof smtpStandIn>>['received'];

beforeAll(async () => {
  // A plain local exchange: no TLS upgrade, no login.
  smtp = await smtpStandIn();
  received = smtp.received;
  const database = await testDatabase();
  // No mailer given: the app builds its own from SMTP_URL, as in production.
  app = await buildApp(
    testConfig({
      smtpUrl: smtp.url,
      mailFrom: 'Casa Maíz <webshop@casamaiz.example>',
      publicUrl: 'https://shop.example',
    }),
    { database, logger: false },
  );
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await smtp?.stop();
});

beforeEach(async () => {
  await (await testDatabase()).reset();
  received.length = 0;
});

describe('password-reset mail over SMTP', () => {
  it('is delivered to the SMTP server with the right envelope, subject and link', async () => {
    expect(app.mailer.kind).toBe('smtp');
    const res = await app.inject({ method: 'POST', url: `${API}/en/user/password?_format=json`, payload: { name: 'demo-en' } });
    expect(res.statusCode).toBe(200);

    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message!.from).toBe('webshop@casamaiz.example');
    expect(message!.to).toEqual(['demo-en@example.nl']);
    const mail = readMail(message!.raw);
    expect(mail.to).toBe('demo-en@example.nl');
    expect(mail.headers.from).toBe('Casa Maíz <webshop@casamaiz.example>');
    expect(mail.subject).toBe('Replacement login information for Lucía Hernández at Casa Maíz');
    expect(mail.text).toMatch(/^Dear Lucía Hernández,/);
    expect(mail.text).toMatch(/\nhttps:\/\/shop\.example\/en\/user\/password\/reset\/2\/\d{10}\/[\w-]{43}\n/);
  });

  it('sends nothing for an unknown name', async () => {
    const res = await app.inject({ method: 'POST', url: `${API}/user/password?_format=json`, payload: { name: 'nobody-by-this-name' } });
    expect(res.statusCode).toBe(400);
    expect(received).toHaveLength(0);
  });
});
