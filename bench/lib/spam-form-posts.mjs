// Mails sent through the contact form of a running server as browsers send them, for the spam benches.
import { builtSiteKey, contactHeaders, fetchXsrf } from '@site/testing/contact-client';

/** One visitor: the page, the token, a pause, the message; the id the API answered. */
async function sendAsBrowser(site, siteKey, fields, pauseMs) {
  await fetch(site.url + '/');
  const xsrf = await fetchXsrf(site.url);
  await new Promise((resolve) => setTimeout(resolve, pauseMs));
  const response = await fetch(`${site.url}/api/ContactUs`, {
    method: 'POST',
    headers: contactHeaders(xsrf, siteKey),
    body: JSON.stringify(fields),
  });
  if (response.status !== 201) throw new Error(`POST answered ${response.status}: ${await response.text()}`);
  return (await response.json()).id;
}

/**
 * Sends each job's `fields` through the form of the running `site`, `visitors` at once, each pausing
 * `pauseMs` between its page and its message; each sent job gets its message's `id`. A job without
 * fields (a mail the form would refuse) is left as it is.
 */
export async function sendThroughForm(site, jobs, { pauseMs, visitors }) {
  const siteKey = builtSiteKey();
  const queue = [...jobs];
  await Promise.all(
    Array.from({ length: visitors }, async () => {
      for (let job = queue.shift(); job; job = queue.shift())
        if (job.fields) job.id = await sendAsBrowser(site, siteKey, job.fields, pauseMs);
    }),
  );
}
