import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ContactForm } from './contact-form';
import { contactForm } from '../content/en/contact-form';
import { contactForm as greekForm } from '../content/el/contact-form';

const english = { language: 'en', text: contactForm } as const;

function fillValid() {
  fireEvent.change(screen.getByPlaceholderText('Your Name'), { target: { value: 'Jane Doe' } });
  fireEvent.change(screen.getByPlaceholderText('Your Email'), { target: { value: 'jane@example.com' } });
  fireEvent.change(screen.getByPlaceholderText('Subject'), { target: { value: 'Pricing' } });
  fireEvent.change(screen.getByPlaceholderText('Message'), { target: { value: 'Hello' } });
}

function deferred() {
  let resolve: (ok: boolean) => void = () => {};
  const promise = new Promise<boolean>((r) => (resolve = r));
  return { promise, resolve };
}

describe('ContactForm (full)', () => {
  it('starts empty with the SEND button, no banner and an unticked consent box', () => {
    render(<ContactForm {...english} send={vi.fn()} />);
    for (const placeholder of ['Your Name', 'Your Email', 'Subject', 'Message']) {
      expect((screen.getByPlaceholderText(placeholder) as HTMLInputElement).value).toBe('');
    }
    expect(screen.getByPlaceholderText('Message').getAttribute('rows')).toBe('6');
    expect(screen.getByRole('button', { name: 'SEND' })).toBeTruthy();
    expect((screen.getByLabelText(/Send me news and offers by e-mail/) as HTMLInputElement).checked).toBe(
      false,
    );
    expect(screen.queryByText('Email sent successfully')).toBeNull();
    expect(screen.queryByText('Could not send email')).toBeNull();
  });

  it('submitting while invalid marks every field, focuses the first and sends nothing', () => {
    const send = vi.fn();
    render(<ContactForm {...english} send={send} />);
    fireEvent.click(screen.getByRole('button', { name: 'SEND' }));
    for (const placeholder of ['Your Name', 'Your Email', 'Subject', 'Message']) {
      const field = screen.getByPlaceholderText(placeholder);
      expect(field.getAttribute('aria-invalid'), placeholder).toBe('true');
      expect(field.closest('.field')?.className).toContain('is-invalid');
    }
    expect(screen.getByText('Please enter your name.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByPlaceholderText('Your Name'));
    expect(send).not.toHaveBeenCalled();
  });

  it('tells the server once, with an empty beacon, that the visitor started the form', () => {
    const sendBeacon = vi.mocked(navigator.sendBeacon);
    render(<ContactForm {...english} send={vi.fn()} />);
    expect(sendBeacon).not.toHaveBeenCalled();
    fireEvent.input(screen.getByPlaceholderText('Your Name'), { target: { value: 'J' } });
    fireEvent.input(screen.getByPlaceholderText('Message'), { target: { value: 'Hello' } });
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    expect(sendBeacon).toHaveBeenCalledWith('/api/form-started');
  });

  it('marks a field only once it has been touched', () => {
    render(<ContactForm {...english} send={vi.fn()} />);
    const email = screen.getByPlaceholderText('Your Email');
    fireEvent.change(email, { target: { value: 'nope' } });
    expect(email.getAttribute('aria-invalid')).toBeNull();
    fireEvent.blur(email);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByPlaceholderText('Your Name').getAttribute('aria-invalid')).toBeNull();
  });

  it('shows the spinner while sending, then EMAIL SENT (disabled) and the green banner', async () => {
    const reply = deferred();
    const send = vi.fn(() => reply.promise);
    render(<ContactForm {...english} send={send} />);
    fillValid();
    fireEvent.click(screen.getByLabelText(/Send me news/));
    fireEvent.click(screen.getByRole('button', { name: 'SEND' }));
    expect(screen.getByRole('status').textContent).toBe('Sending your message...');
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Jane Doe', subject: 'Pricing', marketingConsent: true, website: '' }),
    );
    await act(async () => reply.resolve(true));
    const sent = screen.getByRole('button', { name: 'EMAIL SENT' }) as HTMLButtonElement;
    expect(sent.disabled).toBe(true);
    expect(sent.className).toContain('button-secondary');
    expect(sent.className).toContain('button-large');
    expect(screen.queryByRole('button', { name: 'SEND' })).toBeNull();
    expect(screen.getByText('Email sent successfully').className).toContain('banner-success');
    expect(document.activeElement?.className).toBe('form-feedback');
  });

  it('on failure shows the red banner and keeps SEND for a retry that can succeed', async () => {
    const send = vi.fn().mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    render(<ContactForm {...english} send={send} />);
    fillValid();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'SEND' })));
    expect(screen.getByText('Could not send email').className).toContain('banner-error');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'SEND' })));
    expect(send).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('Could not send email')).toBeNull();
    expect(screen.getByText('Email sent successfully')).toBeTruthy();
  });

  it('in Greek: Greek labels, errors and banner, the limit as Greek writes numbers, and the message sent as Greek', async () => {
    const send = vi.fn().mockResolvedValue(true);
    render(<ContactForm language="el" text={greekForm} send={send} />);
    const button = screen.getByRole('button', { name: greekForm.full.send });
    fireEvent.click(button);
    expect(screen.getByText(greekForm.errors.name)).toBeTruthy();
    const message = screen.getByLabelText(greekForm.labels.message);
    fireEvent.change(message, { target: { value: 'α'.repeat(20_001) } });
    expect(screen.getByText('Παρακαλούμε χρησιμοποιήστε έως 20.000 χαρακτήρες.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(greekForm.labels.name), { target: { value: 'Μαρία' } });
    fireEvent.change(screen.getByLabelText(greekForm.labels.email), {
      target: { value: 'maria@example.com' },
    });
    fireEvent.change(screen.getByLabelText(greekForm.labels.subject), { target: { value: 'Τιμές' } });
    fireEvent.change(message, { target: { value: 'Καλημέρα σας' } });
    await act(async () => fireEvent.click(button));
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ name: 'Μαρία', language: 'el' }));
    expect(screen.getByText(greekForm.full.success)).toBeTruthy();
  });
});
