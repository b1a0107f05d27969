import { describe, expect, it } from 'vitest';
import { bareHost, createAddressRules } from './address-rules';

describe('webhook address rules', () => {
  const open = createAddressRules([]);
  const lan = createAddressRules([
    '10.0.0.0/8',
    '192.168.1.20',
    'pms.resort.lan',
    'fd00::/8',
    '169.254.0.0/16',
  ]);

  it('let public addresses through and refuse the private ones nobody named', () => {
    for (const address of ['93.184.215.14', '2606:4700::1111', '8.8.8.8'])
      expect(open.refuseAddress(address), address).toBeNull();
    for (const address of [
      '10.1.2.3',
      '127.0.0.1',
      '::1',
      '192.168.1.20',
      '172.16.5.4',
      '100.64.0.1',
      'fc00::1',
      '::ffff:10.0.0.1',
      '0.0.0.0',
    ])
      expect(open.refuseAddress(address), address).toMatch(/private address/);
  });

  it('let the resort name its network by range, address or host name', () => {
    expect(lan.refuseAddress('10.200.3.4')).toBeNull();
    expect(lan.refuseAddress('::ffff:10.0.0.1')).toBeNull();
    expect(lan.refuseAddress('192.168.1.20')).toBeNull();
    expect(lan.refuseAddress('192.168.1.21')).toMatch(/private address/);
    expect(lan.namedHost('PMS.resort.lan.')).toBe(true);
    expect(lan.refuseAddress('192.168.7.7', lan.namedHost('pms.resort.lan'))).toBeNull();
  });

  it('never let link-local or metadata addresses through, whatever the list says', () => {
    for (const host of [
      '169.254.169.254',
      '[fe80::1]',
      '[fd00:ec2::254]',
      '100.100.100.200',
      'metadata.google.internal',
      'METADATA.GOOGLE.INTERNAL.',
    ])
      expect(lan.refuseHost(host), host).toMatch(/link-local|metadata/);
    expect(lan.refuseAddress('169.254.10.1', true)).toMatch(/link-local/);
    expect(lan.refuseHost('pms.resort.lan')).toBeNull();
  });

  it('refuse the IPv4-compatible and IPv4-translated spellings whatever the list says; the mapped one is its IPv4', () => {
    const loopback = createAddressRules(['127.0.0.0/8', '::/96', '::ffff:0:0:0/96', '10.0.0.0/8']);
    for (const host of [
      '[::127.0.0.1]',
      '[::7f00:1]',
      '[0:0:0:0:0:0:7f00:1]',
      '[::ffff:0:127.0.0.1]',
      '[::ffff:0:7f00:1]',
      '[::10.0.0.1]',
      '[::169.254.169.254]',
      '[::8.8.8.8]',
    ]) {
      expect(loopback.refuseHost(host), host).toMatch(/spells an IPv4 address as IPv6/);
      expect(open.refuseHost(host), host).toMatch(/spells an IPv4 address as IPv6/);
    }
    // The mapped spelling, in hex too, is judged as the IPv4 address it is.
    expect(open.refuseHost('[::ffff:7f00:1]')).toMatch(/127\.0\.0\.1 is a private address/);
    expect(open.refuseHost('[::ffff:a9fe:a9fe]')).toMatch(/169\.254\.169\.254 is a link-local/);
    expect(loopback.refuseHost('[::ffff:7f00:1]')).toBeNull();
    // `::1` and `::` stay themselves: loopback only when named, never an IPv4 spelling.
    expect(open.refuseHost('[::1]')).toMatch(/private address/);
    expect(createAddressRules(['::1']).refuseHost('[::1]')).toBeNull();
  });

  it('refuse the IPv4 inside NAT64 (64:ff9b::/96, 64:ff9b:1::/48) and 6to4 (2002::/16) whatever the list says (issue 49)', () => {
    const listed = createAddressRules(['64:ff9b::/96', '64:ff9b:1::/48', '2002::/16', '127.0.0.0/8']);
    for (const host of [
      '[64:ff9b::7f00:1]',
      '[64:ff9b::127.0.0.1]',
      '[64:ff9b::a9fe:a9fe]',
      '[64:ff9b:1::7f00:1]',
      '[64:ff9b:1:ffff::a00:1]',
      '[2002:7f00:1::]',
      '[2002:a9fe:a9fe::1]',
      '[2002:808:808::]',
    ]) {
      expect(open.refuseHost(host), host).toMatch(/spells an IPv4 address as IPv6 .*NAT64 or 6to4/);
      expect(listed.refuseHost(host), host).toMatch(/spells an IPv4 address as IPv6/);
      expect(open.refuseAddress(bareHost(host)), host).toMatch(/spells an IPv4 address as IPv6/);
    }
    // Their neighbours are ordinary IPv6 addresses.
    expect(open.refuseHost('[64:ff9b:2::7f00:1]')).toBeNull();
    expect(open.refuseHost('[2003:7f00:1::]')).toBeNull();
  });
});
