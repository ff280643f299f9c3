import { expect, it } from 'vitest';
import { replyHref } from './message-view.tsx';

it('replies to the visitor’s address with Re: and the subject, encoded for a mailto: link', () => {
  expect(replyHref({ email: 'maria@example.org', subject: 'SMS campaign' })).toBe(
    'mailto:maria@example.org?subject=Re%3A%20SMS%20campaign',
  );
  expect(replyHref({ email: 'o.brien+tag@example.org', subject: 'Q&A? 50% off' })).toBe(
    'mailto:o.brien%2Btag@example.org?subject=Re%3A%20Q%26A%3F%2050%25%20off',
  );
  expect(replyHref({ email: 'a@example.org', subject: null })).toBe('mailto:a@example.org?subject=Re%3A%20');
});
