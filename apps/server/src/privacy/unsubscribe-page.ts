/** The small server-rendered pages of the unsubscribe flow, in the site's look. */

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const styles = `body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#14213d;background:#f4f7fb;line-height:1.6}
main{max-width:34rem;margin:10vh auto;padding:2rem;background:#fff;border:1px solid #dfe5ee;border-radius:14px}
h1{font-size:1.6rem;line-height:1.25;margin:0 0 .75rem}button{min-height:48px;padding:.6rem 1.5rem;border:0;border-radius:999px;
background:#123f8c;color:#fff;font:inherit;font-weight:650;cursor:pointer}button:focus-visible{outline:3px solid #123f8c;outline-offset:3px}
a{color:#123f8c}`;

export type PageText = { siteName: string; supportEmail: string };

function page(title: string, body: string, site: PageText): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>${escapeHtml(title)} | ${escapeHtml(site.siteName)}</title><style>${styles}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="/">${escapeHtml(site.siteName)} home page</a></p></main></body></html>`;
}

export function confirmPage(token: string, email: string, site: PageText): string {
  return page(
    'Unsubscribe from news and offers',
    `<p>Stop sending news and offers to <strong>${escapeHtml(email)}</strong>? We keep your earlier messages so we can still answer them.</p>
<form method="post" action="/api/unsubscribe"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">Unsubscribe</button></form>`,
    site,
  );
}

export function donePage(email: string, site: PageText): string {
  return page(
    'You are unsubscribed',
    `<p>We will send no more news or offers to <strong>${escapeHtml(email)}</strong>.</p>`,
    site,
  );
}

export function invalidLinkPage(site: PageText): string {
  const mail = escapeHtml(site.supportEmail);
  return page(
    'This unsubscribe link is not valid',
    `<p>The link is incomplete, has been changed or has expired. To stop our e-mails, write to <a href="mailto:${mail}">${mail}</a> and we will remove you.</p>`,
    site,
  );
}
