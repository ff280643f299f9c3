import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { brand } from '../content/brand';
import { CompactContactForm } from './compact-contact-form';
import { contactForm as greekContactForm } from '../content/el/contact-form';
import { contactForm } from '../content/en/contact-form';

const english = { language: 'en', text: contactForm } as const;
const greek = { language: 'el', text: greekContactForm } as const;

function fillValid() {
  fireEvent.change(screen.getByPlaceholderText('Your Name'), { target: { value: 'Andreas' } });
  fireEvent.change(screen.getByPlaceholderText('Your Email'), { target: { value: 'andreas@example.com' } });
  fireEvent.change(screen.getByPlaceholderText('Message'), { target: { value: 'Hello' } });
}

describe('CompactContactForm', () => {
  it('shows name, e-mail and message only, and the Send Message button', () => {
    render(<CompactContactForm {...english} send={vi.fn()} />);
    expect(screen.queryByPlaceholderText('Subject')).toBeNull();
    expect(screen.getByPlaceholderText('Message').getAttribute('rows')).toBe('6');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeTruthy();
  });

  it('submitting while invalid marks the three fields and sends nothing', () => {
    const send = vi.fn();
    render(<CompactContactForm {...english} send={send} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    for (const placeholder of ['Your Name', 'Your Email', 'Message']) {
      expect(screen.getByPlaceholderText(placeholder).getAttribute('aria-invalid'), placeholder).toBe('true');
    }
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the subject "<name> - Contact <company>", then shows Message Sent and the thank-you text', async () => {
    const send = vi.fn().mockResolvedValue(true);
    render(<CompactContactForm {...english} send={send} />);
    fillValid();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send Message' })));
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({ subject: `Andreas - Contact ${brand.name}` }),
    );
    expect((screen.getByRole('button', { name: 'Message Sent' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Your message has been sent. Thank you!')).toBeTruthy();
  });

  it('on a Greek page sends the subject in Greek, "<name> - Επικοινωνία με την <company>"', async () => {
    const send = vi.fn().mockResolvedValue(true);
    render(<CompactContactForm {...greek} send={send} />);
    const { placeholders, compact } = greekContactForm;
    fireEvent.change(screen.getByPlaceholderText(placeholders.name), { target: { value: 'Ανδρέας' } });
    fireEvent.change(screen.getByPlaceholderText(placeholders.email), {
      target: { value: 'andreas@example.com' },
    });
    fireEvent.change(screen.getByPlaceholderText(placeholders.message), { target: { value: 'Γεια σας' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: compact.send })));
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({ subject: `Ανδρέας - Επικοινωνία με την ${brand.name}`, language: 'el' }),
    );
  });

  it('on failure shows the red banner and keeps Send Message', async () => {
    render(<CompactContactForm {...english} send={vi.fn().mockResolvedValue(false)} />);
    fillValid();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send Message' })));
    expect(screen.getByText('Could not send email')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send Message' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
