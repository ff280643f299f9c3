import { describe, expect, it } from 'vitest';
import { contactMessageSchema } from './contact-message.js';
import { messageFromFormFields } from './form-post.js';

const typed = { name: 'Jane Doe', email: 'jane@example.com', message: 'Hello' };

describe('messageFromFormFields', () => {
  it('takes the full form as typed, with an unticked consent box meaning no consent', () => {
    expect(messageFromFormFields({ ...typed, subject: 'Pricing', website: '' })).toEqual({
      ...typed,
      subject: 'Pricing',
      marketingConsent: false,
      website: '',
    });
  });

  it('a ticked consent box (any value) means consent', () => {
    expect(messageFromFormFields({ ...typed, subject: 'Hi', marketingConsent: 'on' }).marketingConsent).toBe(
      true,
    );
  });

  it('builds the compact form subject from the name and the site name', () => {
    const message = messageFromFormFields({ ...typed, siteName: 'Example Digital' });
    expect(message.subject).toBe('Jane Doe - Contact Example Digital');
  });

  it('leaves the subject empty without a subject or a site name, so validation names it', () => {
    const result = contactMessageSchema.safeParse(messageFromFormFields(typed));
    expect(result.error?.issues.map((issue) => issue.path[0])).toEqual(['subject']);
  });
});
