import { readFileSync } from 'node:fs';
import { type CountryResponse, Reader } from 'maxmind';
import { EnvError } from '../env.js';

/**
 * The country lookup of ANALYTICS_GEOIP_DB: a local MaxMind-format (.mmdb) file, such as GeoLite2
 * Country, read once at start; nothing is sent anywhere. A missing or unreadable file stops the start
 * with a message that names the setting, as a bad setting does. The address is looked up in memory and never kept; an address
 * the file does not know has no country.
 */
export function openCountryDatabase(path: string): (ip: string) => string | null {
  let reader: Reader<CountryResponse>;
  try {
    reader = new Reader<CountryResponse>(readFileSync(path));
  } catch (error) {
    throw new EnvError(
      `Invalid settings:\n  ANALYTICS_GEOIP_DB: ${path} is not a readable MaxMind database (.mmdb): ${(error as Error).message}`,
    );
  }
  return (ip) => {
    try {
      const found = reader.get(ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, ''));
      const code = found?.country?.iso_code ?? found?.registered_country?.iso_code;
      return code !== undefined && /^[A-Z]{2}$/.test(code) ? code : null;
    } catch {
      // An address of a kind the file does not hold (IPv6 in an IPv4 file).
      return null;
    }
  };
}
