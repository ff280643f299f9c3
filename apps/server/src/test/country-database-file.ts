import { writeFileSync } from 'node:fs';

/**
 * Writes a small MaxMind DB file (format 2.0, IPv4, 24-bit records) that gives each IPv4 network of
 * `countries` ('198.51.100.0/24': 'CY') the record `{ country: { iso_code } }`, as GeoLite2 Country
 * does: the real format, read by the real reader, without a download.
 */
export function writeCountryDatabase(path: string, countries: Record<string, string>): void {
  type Branch = number | { country: string } | null;
  const nodes: [Branch, Branch][] = [[null, null]];
  for (const [network, country] of Object.entries(countries)) {
    const [address = '', length = '32'] = network.split('/');
    const bits = address.split('.').reduce((value, part) => value * 256 + Number(part), 0);
    let node = 0;
    for (let depth = 0; depth < Number(length); depth++) {
      const side = Math.floor(bits / 2 ** (31 - depth)) % 2;
      if (depth === Number(length) - 1) nodes[node]![side] = { country };
      else {
        const next = nodes[node]![side];
        if (typeof next === 'number') node = next;
        else {
          nodes.push([null, null]);
          nodes[node]![side] = nodes.length - 1;
          node = nodes.length - 1;
        }
      }
    }
  }

  const data: Buffer[] = [];
  const offsets = new Map<string, number>();
  let size = 0;
  for (const country of new Set(Object.values(countries))) {
    const record = map({ country: map({ iso_code: text(country) }) });
    offsets.set(country, size);
    data.push(record);
    size += record.length;
  }
  const nodeCount = nodes.length;
  const record = (branch: Branch) =>
    branch === null
      ? nodeCount
      : typeof branch === 'number'
        ? branch
        : nodeCount + 16 + offsets.get(branch.country)!;
  const tree = Buffer.concat(
    nodes.map((branches) => {
      const bytes = Buffer.alloc(6);
      bytes.writeUIntBE(record(branches[0]), 0, 3);
      bytes.writeUIntBE(record(branches[1]), 3, 3);
      return bytes;
    }),
  );
  const metadata = map({
    node_count: unsigned(6, nodeCount),
    record_size: unsigned(5, 24),
    ip_version: unsigned(5, 4),
    database_type: text('Test-Country'),
    languages: Buffer.concat([Buffer.from([1, 4]), text('en')]),
    binary_format_major_version: unsigned(5, 2),
    binary_format_minor_version: unsigned(5, 0),
    build_epoch: Buffer.concat([Buffer.from([4, 2]), number(Math.floor(Date.now() / 1000), 4)]),
    description: map({ en: text('Countries for tests') }),
  });
  writeFileSync(
    path,
    Buffer.concat([
      tree,
      Buffer.alloc(16),
      ...data,
      Buffer.from('\xab\xcd\xefMaxMind.com', 'latin1'),
      metadata,
    ]),
  );
}

/** The data section's types (MaxMind DB 2.0): 2 string, 5 uint16, 6 uint32, 7 map; short forms only. */
const number = (value: number, bytes: number) => {
  const buffer = Buffer.alloc(bytes);
  buffer.writeUIntBE(value, 0, bytes);
  return buffer;
};
const unsigned = (type: 5 | 6, value: number) => {
  const bytes = value === 0 ? 0 : Math.ceil(Math.log2(value + 1) / 8);
  return Buffer.concat([
    Buffer.from([(type << 5) | bytes]),
    bytes === 0 ? Buffer.alloc(0) : number(value, bytes),
  ]);
};
const text = (value: string) =>
  Buffer.concat([Buffer.from([(2 << 5) | Buffer.byteLength(value)]), Buffer.from(value)]);
const map = (entries: Record<string, Buffer>) =>
  Buffer.concat([
    Buffer.from([(7 << 5) | Object.keys(entries).length]),
    ...Object.entries(entries).flatMap(([key, value]) => [text(key), value]),
  ]);
