import { isValidEmail, normalEmail } from '@site/api-contract';

/** The most of a mail read for its From when the parser gave up on it. */
const HEADER_BYTES = 64 * 1024;

/**
 * The address in the From header of a mail the parser could not read, found without the parser: the
 * first `From:` line of the first 64 KiB (folded lines are not followed), and only an address the forms
 * would take. Undefined when there is none.
 */
export function senderOfRaw(raw: Buffer): string | undefined {
  const head = raw.subarray(0, HEADER_BYTES).toString('latin1');
  const end = head.search(/\r?\n\r?\n/);
  const line = /^from:[ \t]*([^\r\n]*)/im.exec(end === -1 ? head : head.slice(0, end))?.[1] ?? '';
  const address = /<([^<>\s]+)>/.exec(line)?.[1] ?? line.trim().split(/\s/, 1)[0] ?? '';
  return isValidEmail(address) ? normalEmail(address) : undefined;
}
