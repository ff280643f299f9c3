import { webhookDeliveryStatus } from '@site/api-contract';
import { commandLine } from '../audit/audit-log.js';
import { oneLine } from '../http/one-line.js';
import { type Command, CommandError, UsageError, type Values } from './command.js';

/** A positive whole number, or a UsageError saying what `what` must be. */
function wholeNumber(text: string | boolean, what: string): number {
  const number = Number(text);
  if (!Number.isSafeInteger(number) || number < 1)
    throw new UsageError(`${what} must be a whole number above 0`);
  return number;
}

/** The option `--name` as a whole number, or undefined without it. */
const wholeNumberOption = (values: Values, name: string) =>
  values[name] === undefined ? undefined : wholeNumber(values[name], `--${name}`);

/** Deliveries read per page when every failed one is sent again. */
const PAGE = 1000;

/** The webhook endpoints and their delivery log, as the inbox's Webhooks page shows them, and send again. */
export const webhookCommands: Record<string, Command> = {
  webhooks: {
    usage: 'webhooks',
    help: 'The webhook endpoints: id, address, events, sites, and how many of their deliveries are pending, sent and failed. Secrets are never shown.',
    async run({ services, io }) {
      const endpoints = await services.webhooks.list();
      for (const endpoint of endpoints) {
        const { pending, sent, failed } = endpoint.deliveries;
        const sites = endpoint.siteKeys.length > 0 ? endpoint.siteKeys.join(',') : 'every site';
        const origin = endpoint.fromSettings ? '  (from WEBHOOK_URL)' : '';
        io.out(
          `${endpoint.id}  ${endpoint.url}  ${endpoint.events.join(',')}  ${sites}  pending ${pending}  sent ${sent}  failed ${failed}${origin}`,
        );
      }
      io.err(`${endpoints.length} endpoint(s)`);
    },
  },
  'webhook-log': {
    usage: 'webhook-log [--endpoint ID] [--message ID] [--status pending|sent|failed] [--limit N]',
    help: "The webhook deliveries, newest first (50 unless --limit): seq, time, event, message, endpoint, status, attempts, the receiver's HTTP status and the last error.",
    options: {
      endpoint: { type: 'string' },
      message: { type: 'string' },
      status: { type: 'string' },
      limit: { type: 'string' },
    },
    async run({ services, io }, values) {
      const status = webhookDeliveryStatus.safeParse(values.status ?? undefined);
      if (values.status !== undefined && !status.success)
        throw new UsageError('--status must be pending, sent or failed');
      const deliveries = await services.webhooks.deliveries({
        endpointId: wholeNumberOption(values, 'endpoint'),
        messageId: typeof values.message === 'string' ? values.message : undefined,
        status: status.data,
        limit: wholeNumberOption(values, 'limit') ?? 50,
      });
      for (const each of deliveries) {
        const answer = each.responseStatus === null ? '-' : String(each.responseStatus);
        const error = each.lastError ? `  ${oneLine(each.lastError)}` : '';
        io.out(
          `${each.seq}  ${each.createdAt}  ${each.event}  ${each.messageId}  endpoint ${each.endpointId}  ${each.status}  attempts ${each.attempts}  HTTP ${answer}${error}`,
        );
      }
      io.err(`${deliveries.length} deliveries`);
    },
  },
  'webhook-resend': {
    usage: 'webhook-resend SEQ... | webhook-resend --failed [--endpoint ID]',
    help: "Sends webhook deliveries again, as the inbox's Send again does (each audited): those numbered (seq, from webhook-log), or every failed one (of one endpoint). The running server sends them at its next poll.",
    options: { failed: { type: 'boolean' }, endpoint: { type: 'string' } },
    async run({ services, io }, values, positionals) {
      let seqs: number[];
      if (values.failed) {
        if (positionals.length > 0) throw new UsageError('give seqs or --failed, not both');
        seqs = [];
        for (let before: number | undefined; ;) {
          const page = await services.webhooks.deliveries({
            endpointId: wholeNumberOption(values, 'endpoint'),
            status: 'failed',
            before,
            limit: PAGE,
          });
          seqs.push(...page.map((each) => each.seq));
          if (page.length < PAGE) break;
          before = page.at(-1)!.seq;
        }
      } else {
        if (positionals.length === 0) throw new UsageError('give one delivery seq or more, or --failed');
        seqs = positionals.map((text) => wholeNumber(text, `a delivery seq (${text})`));
      }
      const queued = seqs.length === 0 ? 0 : await services.webhooks.resend(seqs, commandLine);
      io.out(`${queued} delivery(ies) queued again`);
      if (!values.failed && queued < seqs.length)
        throw new CommandError(`${seqs.length - queued} of them were not found or are still pending`);
    },
  },
};
