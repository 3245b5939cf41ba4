/** The sandbox's checkout page, modelled on Mollie's test mode page: amount, description, a choice of outcome. */

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const OUTCOMES: Array<[string, string]> = [
  ['paid', 'Paid'],
  ['failed', 'Failed'],
  ['canceled', 'Canceled'],
  ['expired', 'Expired'],
  ['open', 'Open'],
];

/** What the sandbox page says about itself, in the payer's language: plainly, a test. */
const NOTICE = {
  nl: {
    title: 'Dit is een testpagina',
    text: 'Hier wordt niet echt betaald: er wordt geen geld overgemaakt, wat je hieronder ook kiest. De winkel draait met de ingebouwde betaalsandbox in plaats van Mollie, alleen bedoeld om de winkel uit te proberen.',
  },
  en: {
    title: 'This is a test page',
    text: 'No real payment is made here: no money is moved, whatever you choose below. The shop runs with its built-in payment sandbox instead of Mollie, meant only for trying the shop out.',
  },
} as const;

export function sandboxPage(p: { id: string; amount: string; description: string; status: string; action: string; lang: 'nl' | 'en' }): string {
  const open = p.status === 'open';
  const notice = NOTICE[p.lang];
  return `<!doctype html>
<html lang="${p.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test payment ${escape(p.id)}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f2f4f7;margin:0;color:#1a1f36}
main{max-width:28rem;margin:3rem auto;background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(0,0,0,.08);padding:2rem}
.badge{display:inline-block;background:#ffe8a3;color:#6b4e00;border-radius:4px;padding:.15rem .5rem;font-size:.8rem;font-weight:600;letter-spacing:.02em}
h1{font-size:1.1rem;margin:1rem 0 .25rem}.amount{font-size:2rem;font-weight:700;margin:.5rem 0 1.5rem}
fieldset{border:0;padding:0;margin:0 0 1.5rem}legend{font-weight:600;margin-bottom:.5rem}
label{display:flex;gap:.6rem;align-items:center;padding:.6rem .8rem;border:1px solid #d8dde6;border-radius:8px;margin-bottom:.5rem;cursor:pointer}
button{width:100%;background:#0a6cff;color:#fff;border:0;border-radius:8px;padding:.8rem;font-size:1rem;font-weight:600;cursor:pointer}
.note{color:#5b6475;font-size:.85rem;margin-top:1rem}
.test{background:#fff4ce;border:2px solid #d9a400;border-radius:8px;padding:.8rem 1rem;margin-bottom:1.25rem}.test strong{display:block;font-size:1.05rem}
</style></head>
<body><main>
<div class="test" role="alert"><strong>${notice.title}</strong>${notice.text}</div>
<span class="badge">TEST MODE · iDEAL</span>
<h1>${escape(p.description)}</h1>
<p class="amount">${escape(p.amount)}</p>
${
  open
    ? `<form method="post" action="${escape(p.action)}">
<fieldset><legend>Select the payment status</legend>
${OUTCOMES.map(([value, label], i) => `<label><input type="radio" name="outcome" value="${value}"${i === 0 ? ' checked' : ''}> ${label}</label>`).join('\n')}
</fieldset>
<button type="submit">Continue</button>
</form>`
    : `<p>This payment is <strong>${escape(p.status)}</strong>.</p>`
}
<p class="note">The shop's built-in payment sandbox: no money is moved. Set MOLLIE_API_KEY to take real payments.</p>
</main></body></html>`;
}

/** The page a payment link shows when there is nothing to pay (or no such link). */
export function linkMessagePage(message: string, lang: 'nl' | 'en'): string {
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(message)}</title>
<style>body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#faf6f0;margin:0;color:#2b1d14}
main{max-width:32rem;margin:4rem auto;background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(0,0,0,.08);padding:2rem}</style>
</head><body><main><p>${escape(message)}</p></main></body></html>`;
}
