import { describe, expect, it } from 'vitest';
import { contactMessageSchema } from './contact-message.js';
import { messageFromFormFields } from './form-post.js';

const typed = { name: 'Jane Doe', email: 'jane@example.com', message: 'Hello' };

describe('messageFromFormFields', () => {
  it('takes the full form as typed, with an unticked consent box meaning no consent', () => {
    expect(messageFromFormFields({ ...typed, subject: 'Pricing', website: '' }, 'el')).toEqual({
      ...typed,
      subject: 'Pricing',
      marketingConsent: false,
      website: '',
      language: 'el',
    });
  });

  it('a ticked consent box (any value) means consent', () => {
    expect(
      messageFromFormFields({ ...typed, subject: 'Hi', marketingConsent: 'on' }, 'en').marketingConsent,
    ).toBe(true);
  });

  it("builds the compact form subject from the name and the site name, in the form's language", () => {
    const fields = { ...typed, siteName: 'Example Digital' };
    expect(messageFromFormFields(fields, 'en').subject).toBe('Jane Doe - Contact Example Digital');
    expect(messageFromFormFields(fields, 'el').subject).toBe('Jane Doe - Επικοινωνία με την Example Digital');
  });

  it('leaves the subject empty without a subject or a site name, so validation names it', () => {
    const result = contactMessageSchema.safeParse(messageFromFormFields(typed, 'en'));
    expect(result.error?.issues.map((issue) => issue.path[0])).toEqual(['subject']);
  });
});
