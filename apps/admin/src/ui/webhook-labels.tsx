import type { WebhookDeliveryStatus, WebhookEventType } from '@site/api-contract';

/** The events as operators read them; the event's own name is shown beside where it matters. */
export const webhookEventLabels: Record<WebhookEventType, string> = {
  'message.received': 'Message received',
  'message.replied': 'Reply sent',
};

const statusLabels: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed',
};

/** How a webhook delivery stands, as a badge in its colour (the word says it too). */
export function DeliveryStatus({ status }: { status: WebhookDeliveryStatus }) {
  return <span className={`badge delivery-${status}`}>{statusLabels[status]}</span>;
}
