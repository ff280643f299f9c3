import { WEBHOOK_URL_MAX, webhookEventTypes } from '@site/api-contract/constants';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { reasonOf } from '../api/api-error.ts';
import {
  type WebhookEndpoint,
  webhookEndpoints,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '../api/webhooks.ts';
import { siteLabel } from '../ui/site-label.ts';
import { webhookEventLabels } from '../ui/webhook-labels.tsx';

const eventHints: Record<WebhookEventType, string> = {
  'message.received': 'a visitor’s message arrives (not spam)',
  'message.replied': 'an operator’s reply is sent to the visitor',
};

type Props = {
  /** The endpoint being changed; null to add one. */
  editing: WebhookEndpoint | null;
  /** SITE_KEYS; empty until the settings arrive. */
  siteKeys: string[];
  onAdded: (added: WebhookEndpointWithSecret) => void;
  onChanged: (url: string) => void;
  onCancel: () => void;
};

/**
 * Adds an endpoint or changes one: where to post, a description, which events and which sites' messages
 * (none ticked: every site). What the server refuses (a private address, not https) is said under the
 * form, and the focus goes to it.
 */
export function EndpointForm({ editing, siteKeys, onAdded, onChanged, onCancel }: Props) {
  const [url, setUrl] = useState(editing?.url ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(editing?.events ?? [...webhookEventTypes]);
  const [sites, setSites] = useState<string[]>(editing?.siteKeys ?? []);
  // Counted, so the same refusal twice still moves the focus to it.
  const [problem, setProblem] = useState({ text: '', count: 0 });
  const [saving, setSaving] = useState(false);
  const problemRef = useRef<HTMLParagraphElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (problem.text) problemRef.current?.focus();
  }, [problem]);
  const fail = (text: string) => setProblem(({ count }) => ({ text, count: count + 1 }));
  useEffect(() => {
    if (editing) headingRef.current?.focus();
  }, [editing]);

  const toggle = <T,>(list: T[], item: T, on: boolean) =>
    on ? [...list.filter((each) => each !== item), item] : list.filter((each) => each !== item);
  const choices = [...new Set([...siteKeys, ...sites])];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (events.length === 0) return fail('Choose at least one event.');
    const body = { url: url.trim(), description: description.trim(), events, siteKeys: sites };
    setSaving(true);
    try {
      if (editing) {
        await webhookEndpoints.change(editing.id, body);
        onChanged(body.url);
      } else onAdded(await webhookEndpoints.add(body));
    } catch (error) {
      fail(reasonOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="panel endpoint-form" aria-labelledby="endpoint-form-heading" onSubmit={submit}>
      <h2 id="endpoint-form-heading" ref={headingRef} tabIndex={-1}>
        {editing ? 'Change the endpoint' : 'Add an endpoint'}
      </h2>
      <label htmlFor="endpoint-url">Address (URL) to post to</label>
      <input
        id="endpoint-url"
        type="url"
        required
        maxLength={WEBHOOK_URL_MAX}
        autoComplete="off"
        spellCheck={false}
        placeholder="https://crm.example.com/hooks/messages"
        aria-describedby="endpoint-url-hint"
        value={url}
        onChange={(event) => setUrl(event.target.value)}
      />
      <p id="endpoint-url-hint" className="hint">
        An https address of the receiving system that takes POST requests.
      </p>
      <label htmlFor="endpoint-description">Description (optional)</label>
      <input
        id="endpoint-description"
        maxLength={200}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <fieldset>
        <legend>Events</legend>
        {webhookEventTypes.map((type) => (
          <label key={type} className="check">
            <input
              type="checkbox"
              checked={events.includes(type)}
              onChange={(event) => setEvents(toggle(events, type, event.target.checked))}
            />
            <span>
              {webhookEventLabels[type]} <code>{type}</code>
              <span className="hint">: when {eventHints[type]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {choices.length > 0 && (
        <fieldset aria-describedby="endpoint-sites-hint">
          <legend>Sites</legend>
          <p id="endpoint-sites-hint" className="hint">
            None ticked: messages from every site, also from sites added later.
          </p>
          {choices.map((key) => (
            <label key={key} className="check">
              <input
                type="checkbox"
                checked={sites.includes(key)}
                onChange={(event) => setSites(toggle(sites, key, event.target.checked))}
              />
              <span>{siteLabel(key)}</span>
            </label>
          ))}
        </fieldset>
      )}
      <p
        id="endpoint-form-problem"
        ref={problemRef}
        tabIndex={-1}
        role="alert"
        className={problem.text ? 'notice error' : 'visually-hidden'}
      >
        {problem.text}
      </p>
      <div className="actions">
        <button type="submit" className="primary" disabled={saving}>
          {editing ? 'Save changes' : 'Add endpoint'}
        </button>
        {editing && (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
