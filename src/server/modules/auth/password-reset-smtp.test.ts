import { describe, expect, it } from 'vitest';
import { API, useSmtpTestApp } from '../../test/app';
import { readMail } from '../../test/mime';

// A plain local exchange: no TLS upgrade, no login.
const t = useSmtpTestApp({ mailFrom: 'Casa Maíz <webshop@casamaiz.example>', publicUrl: 'https://shop.example' });

describe('password-reset mail over SMTP', () => {
  it('is delivered to the SMTP server with the right envelope, subject and link', async () => {
    expect(t.app.mailer.kind).toBe('smtp');
    const res = await t.app.inject({ method: 'POST', url: `${API}/en/user/password?_format=json`, payload: { name: 'demo-en' } });
    expect(res.statusCode).toBe(200);

    expect(t.smtp.received).toHaveLength(1);
    const [message] = t.smtp.received;
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
    const res = await t.app.inject({ method: 'POST', url: `${API}/user/password?_format=json`, payload: { name: 'nobody-by-this-name' } });
    expect(res.statusCode).toBe(400);
    expect(t.smtp.received).toHaveLength(0);
  });
});
