import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from './private-addresses.js';
import { webhookUrlProblem } from './webhook-address.js';
import { newWebhookSecret, webhookSignature } from './webhook-signature.js';

describe('the addresses webhooks are not sent to', () => {
  it('are this host, private networks, link-local and metadata addresses, also written as IPv6', () => {
    const refused = [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.100.100.200',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      // NAT64's local-use prefix (RFC 8215): the network's own translator, to whatever IPv4 it maps.
      '64:ff9b:1::a9fe:a9fe',
      '64:ff9b:1:7f00:1::',
      '64:ff9b:1:ffff:ffff:ffff:ffff:ffff',
      '2002:a00:1::',
      'ff02::1',
      'not an address',
    ];
    const allowed = [
      '8.8.8.8',
      '93.184.215.14',
      '172.32.0.1',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '64:ff9b:2::1',
    ];
    expect(refused.filter((address) => !isPrivateAddress(address))).toEqual([]);
    expect(allowed.filter(isPrivateAddress)).toEqual([]);
  });

  it('are refused for a name that resolves to one of them among public ones, and a name that does not resolve', async () => {
    const policy = { requireHttps: true, allowPrivate: false };
    const resolver = (addresses: string[]) => async () => addresses;
    expect(
      await webhookUrlProblem('https://crm.example.com/hook', policy, resolver(['93.184.215.14'])),
    ).toBeUndefined();
    expect(
      await webhookUrlProblem(
        'https://crm.example.com/hook',
        policy,
        resolver(['93.184.215.14', '10.0.0.7']),
      ),
    ).toBe(
      'crm.example.com resolves to 10.0.0.7, a private, loopback or link-local address: webhooks are not sent there.',
    );
    const unresolvable = async () => {
      throw new Error('ENOTFOUND');
    };
    expect(await webhookUrlProblem('https://nowhere.invalid/', policy, unresolvable)).toBe(
      'The name nowhere.invalid could not be resolved.',
    );
    expect(await webhookUrlProblem('ftp://crm.example.com/', policy)).toMatch(/Only https addresses/);
    expect(await webhookUrlProblem('crm.example.com/hook', policy)).toMatch(/not a web address/);
    expect(
      await webhookUrlProblem('http://10.0.0.7/', { ...policy, requireHttps: false, allowPrivate: true }),
    ).toBeUndefined();
  });
});

describe('the signature', () => {
  it('is the one the standardwebhooks package makes, and with two secrets either one verifies', () => {
    const [first, second] = [newWebhookSecret(), newWebhookSecret()];
    const body = JSON.stringify({ type: 'message.received', data: { message: { name: 'Ζωή' } } });
    const at = new Date('2026-11-27T10:00:00Z');
    const timestamp = Math.floor(at.getTime() / 1000);
    expect(webhookSignature([first!], 'msg_1', timestamp, body)).toBe(
      new Webhook(first!).sign('msg_1', at, body),
    );
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
      'webhook-signature': '',
    };
    headers['webhook-signature'] = webhookSignature(
      [first!, second!],
      'msg_1',
      Number(headers['webhook-timestamp']),
      body,
    );
    for (const secret of [first!, second!])
      expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow(/No matching signature/);
  });
});
