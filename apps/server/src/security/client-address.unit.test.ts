import { describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../config';
import { addressKey, parseTrustProxy } from './client-address';

describe('TRUST_PROXY', () => {
  it('reads nothing, a hop count, or a list of proxy addresses and ranges', () => {
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.10,fd00::/8, loopback')).toEqual(['10.0.0.0/8', '192.168.1.10', 'fd00::/8', 'loopback']);
  });

  it("refuses 'true' (it would trust any client's X-Forwarded-For) and what it cannot read, naming the variable", () => {
    for (const value of ['true', '10.0.0.0/33', 'proxy.example', '11', '1.2.3']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
    }
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY="true": would trust any X-Forwarded-For/);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });
});

describe('address keys', () => {
  it('keeps IPv4 addresses, unwraps IPv4-mapped IPv6, and counts IPv6 per /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8:1:2:0:0:0:1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });
});
