/** A person's Chrome on Windows, with the client hints and navigation headers it sends. */
export const CHROME_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const PHONE_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** The headers a person's browser sends as it navigates to a page; `agent` and `extra` change them. */
export function navigationHeaders(agent = CHROME_AGENT, extra: Record<string, string> = {}) {
  return {
    'user-agent': agent,
    ...(agent.includes('Chrome/')
      ? { 'sec-ch-ua': '"Chromium";v="131", "Not_A Brand";v="24", "Google Chrome";v="131"' }
      : {}),
    'sec-fetch-dest': 'document',
    'sec-fetch-mode': 'navigate',
    'sec-fetch-site': 'none',
    accept: 'text/html',
    ...extra,
  };
}
